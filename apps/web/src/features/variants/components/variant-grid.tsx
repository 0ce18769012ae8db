import type { Creative, CreativeVariant } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterField } from '../../../components/ui/filter-field';
import { EmptyState, LoadingState } from '../../../components/ui/states';
import { href } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useElementWidth } from '../../../lib/element-width';
import { formatCount } from '../../../lib/format';
import { useWindowedRows } from '../../../lib/windowed-rows';
import { NO_FILTER, useCreativeVariants, type VariantFilter } from '../api/get-creative-variants';
import { CARD_GAP, cardMedia, gridLayout } from '../variant-layout';
import { VariantCard } from './variant-card';
import { VariantDialog } from './variant-dialog';

const ALL = '';

/** The feed column a rule's `Unique_ID` is written in (Studio's header), which `?variant=` filters on. */
const UNIQUE_ID_COLUMN = 'Unique_ID';

/** "37 of 50 variants", or "50 variants" when nothing is filtered out. */
export const variantCount = (shown: number, all: number) =>
  shown === all
    ? `${formatCount(all)} variant${all === 1 ? '' : 's'}`
    : `${formatCount(shown)} of ${formatCount(all)} variants`;

/**
 * A feed-driven creative's variants side by side (docs/decisions/0125): a card per rule it serves,
 * the ad scaled to the card, windowed against the page's scroll so only the rows in view are
 * mounted, live renders bounded (`LIVE_MAX`) and backup images preferred; filtered by a condition
 * and by a feed column's value, with the count of what shows. A card's label opens the variant.
 */
export function VariantGrid({ creative }: { creative: Creative }) {
  // `?variant=<Unique_ID>` (a QA finding's "Preview") opens with that variant alone, and opens it.
  const asked = useSearchParams()[0].get('variant');
  const [filter, setFilter] = useState<VariantFilter>(
    asked ? { ...NO_FILTER, field: UNIQUE_ID_COLUMN, value: asked } : NO_FILTER,
  );
  const [opened, setOpened] = useState<CreativeVariant | null>(null);
  const query = useCreativeVariants(creative.id, filter);
  const askedVariant = query.data?.pages[0]?.data.find((variant) => variant.unique_id === asked);
  const openedAsked = useRef(false);
  useEffect(() => {
    if (!askedVariant || openedAsked.current) return;
    openedAsked.current = true;
    setOpened(askedVariant);
  }, [askedVariant]);
  const list = useRef<HTMLUListElement>(null);
  const width = useElementWidth(list);
  const size = { width: creative.width, height: creative.height };
  const layout = gridLayout(width, size);

  const pages = query.data?.pages;
  const variants = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages]);
  const first = pages?.[0];
  const rowCount = Math.ceil(variants.length / layout.columns);
  const { rows, seen } = useWindowedRows(list, { count: rowCount, rowHeight: layout.rowHeight, overscan: 1 });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && rows.end >= rowCount - 1) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.end, rowCount]);

  const names = new Map((first?.filters.conditions ?? []).map((c) => [c.id, c.name]));
  const conditionNames = (variant: CreativeVariant) =>
    variant.condition_ids.map((id) => names.get(id) ?? `#${id}`);
  const ruleHref = (variant: CreativeVariant) =>
    href('profile.view', { id: creative.profile_id ?? 0 }, { tab: 'rules', filter: variant.unique_id });
  const media = cardMedia(variants, { first: seen.first * layout.columns, end: seen.end * layout.columns });
  const mounted = variants.slice(rows.first * layout.columns, rows.end * layout.columns);
  const change = (next: Partial<VariantFilter>) => setFilter((current) => ({ ...current, ...next }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Condition"
          value={filter.condition === null ? ALL : String(filter.condition)}
          onChange={(event) => change({ condition: event.target.value ? Number(event.target.value) : null })}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value={ALL}>Any condition</MenuItem>
          {(first?.filters.conditions ?? []).map((condition) => (
            <MenuItem key={condition.id} value={String(condition.id)}>
              {condition.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Feed field"
          value={filter.field}
          onChange={(event) => change({ field: event.target.value })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value={ALL}>Any field</MenuItem>
          {[
            ...(filter.field && !first?.filters.fields.includes(filter.field) ? [filter.field] : []),
            ...(first?.filters.fields ?? []),
          ].map((field) => (
            <MenuItem key={field} value={field}>
              {field}
            </MenuItem>
          ))}
        </TextField>
        {filter.field ? (
          <FilterField
            noun={`variants by ${filter.field}`}
            filter={filter.value}
            placeholder={`Value of ${filter.field}`}
            focusFilter={false}
            onFilter={(value) => change({ value })}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
        ) : null}
        <Box sx={{ flex: 1 }} />
        {first ? (
          <Typography variant="body2" color="textSecondary" role="status" data-testid="variant-count">
            {variantCount(first.meta.total, first.variants_total)}
          </Typography>
        ) : null}
      </Box>
      {query.isPending ? <LoadingState label="Loading the variants…" /> : null}
      {query.isError ? (
        <Alert severity="error">The variants could not be loaded. {errorMessage(query.error)}</Alert>
      ) : null}
      {first && variants.length === 0 ? (
        <EmptyState
          title={
            first.variants_total
              ? 'No variant matches these filters.'
              : 'This creative serves no rule of its feed.'
          }
        />
      ) : null}
      {query.isPlaceholderData ? <LinearProgress aria-label="Loading the variants" /> : null}
      <Box
        component="ul"
        ref={list}
        aria-label="Variants"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          boxSizing: 'border-box',
          display: 'grid',
          gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
          gridAutoRows: layout.cardHeight,
          gap: `${CARD_GAP}px`,
          alignContent: 'start',
          pt: `${rows.first * layout.rowHeight}px`,
          height: rowCount ? rowCount * layout.rowHeight - CARD_GAP : 0,
          opacity: query.isPlaceholderData ? 0.6 : 1,
        }}
      >
        {width > 0
          ? mounted.map((variant, offset) => {
              const index = rows.first * layout.columns + offset;
              return (
                <VariantCard
                  key={variant.rule_id}
                  variant={variant}
                  media={media[index] ?? 'waiting'}
                  layout={layout}
                  size={size}
                  conditionNames={conditionNames(variant)}
                  ruleHref={ruleHref(variant)}
                  onOpen={() => setOpened(variant)}
                />
              );
            })
          : null}
      </Box>
      {isFetchingNextPage ? <LoadingState label="Loading more variants…" /> : null}
      <VariantDialog
        variant={opened}
        size={size}
        conditionNames={conditionNames}
        ruleHref={ruleHref}
        onClose={() => setOpened(null)}
      />
    </Box>
  );
}
