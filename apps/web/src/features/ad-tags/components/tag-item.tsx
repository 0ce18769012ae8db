import { AD_SERVER_LABELS, type AdTagListItem } from '@adstudio/contract';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { type Theme, useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { CardGrid } from '../../../components/ui/card-grid';
import { Fact, Facts } from '../../../components/ui/facts';
import { ShownHeading } from '../../../components/ui/page-title';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { formatCount, formatDate } from '../../../lib/format';

/** The panel a tag may open under the list: its snippets, or its "Try it". */
export type Panel = 'snippets' | 'try';
export const SNIPPETS_ID = 'ad-tag-snippets';
export const TRIAL_ID = 'ad-tag-trial';

/** One column of a tag list: its heading, and what a tag shows in it. */
export interface TagColumn<T extends AdTagListItem> {
  label: string;
  value: (tag: T) => ReactNode;
}

export const tagStatus = (tag: AdTagListItem) =>
  tag.revoked_at === null ? (
    <Chip size="small" color="success" variant="outlined" label="Active" />
  ) : (
    <Chip size="small" variant="outlined" label={`Revoked ${formatDate(tag.revoked_at)}`} />
  );

/** The columns every tag list has after its first (the placement's name) and any of its own. */
export const TAG_COLUMNS: readonly TagColumn<AdTagListItem>[] = [
  { label: 'Publisher', value: (tag) => tag.media_entity_name ?? '—' },
  { label: 'Ad server', value: (tag) => AD_SERVER_LABELS[tag.ad_server] },
  { label: 'Created', value: (tag) => formatDate(tag.created_at) },
  { label: 'Status', value: tagStatus },
  { label: 'Impressions', value: (tag) => formatCount(tag.impressions_7d) },
  { label: 'Clicks', value: (tag) => formatCount(tag.clicks_7d) },
];

/** A tag's panel toggle, announcing what it shows and whether it is open. */
function PanelToggle({
  open,
  controls,
  label,
  onClick,
  children,
}: {
  open: boolean;
  controls: string;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      onClick={onClick}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`${open ? 'Hide' : 'Show'} ${label}`}
      endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
    >
      {children}
    </Button>
  );
}

/** What a tag's buttons do; an absent one is not offered. */
export interface TagActions {
  /** The panel of this tag that is open, if any. */
  open: Panel | undefined;
  onToggle: (panel: Panel) => void;
  canTry: boolean;
  /** Absent for readers: they may not revoke. */
  onRevoke?: (() => void) | undefined;
}

/** An active tag's Snippets, Try it and Revoke; a revoked tag has none. */
function TagButtons({ tag, open, onToggle, canTry, onRevoke }: TagActions & { tag: AdTagListItem }) {
  if (tag.revoked_at !== null) return null;
  return (
    <>
      <PanelToggle
        open={open === 'snippets'}
        controls={SNIPPETS_ID}
        label={`the snippets of ${tag.name}`}
        onClick={() => onToggle('snippets')}
      >
        Snippets
      </PanelToggle>
      {canTry ? (
        <PanelToggle
          open={open === 'try'}
          controls={TRIAL_ID}
          label={`Try it for ${tag.name}`}
          onClick={() => onToggle('try')}
        >
          Try it
        </PanelToggle>
      ) : null}
      {onRevoke ? (
        <Button size="small" color="error" onClick={onRevoke} aria-label={`Revoke ${tag.name}`}>
          Revoke
        </Button>
      ) : null}
    </>
  );
}

/**
 * The open tag is marked by a bar in the primary colour rather than a tinted background: its chips
 * and buttons keep the contrast they have on the page's own background (4.5:1), in both themes.
 */
const openMark = (open: boolean) =>
  open ? { boxShadow: (theme: Theme) => `inset 4px 0 0 ${theme.palette.primary.main}` } : {};

/**
 * One tag, as a table row (wide screens) or a card (narrow ones), from the same columns and buttons:
 * its name heads it, then each column's value, then its buttons.
 */
export function TagItem<T extends AdTagListItem>({
  tag,
  columns,
  layout,
  actions,
}: {
  tag: T;
  columns: readonly TagColumn<T>[];
  layout: 'row' | 'card';
  actions: TagActions;
}) {
  const buttons = <TagButtons tag={tag} {...actions} />;
  if (layout === 'row')
    return (
      <TableRow
        data-testid="ad-tag"
        aria-current={actions.open ? 'true' : undefined}
        sx={openMark(Boolean(actions.open))}
      >
        <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
          {tag.name}
        </TableCell>
        {columns.map((column) => (
          <TableCell key={column.label}>{column.value(tag)}</TableCell>
        ))}
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {buttons}
        </TableCell>
      </TableRow>
    );
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="ad-tag"
      aria-current={actions.open ? 'true' : undefined}
      aria-labelledby={`ad-tag-${tag.id}-name`}
      sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0, ...openMark(Boolean(actions.open)) }}
    >
      <Typography
        variant="subtitle1"
        component="h3"
        id={`ad-tag-${tag.id}-name`}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {tag.name}
      </Typography>
      <Facts label={`About ${tag.name}`}>
        {columns.map((column) => (
          <Fact key={column.label} term={column.label}>
            {column.value(tag)}
          </Fact>
        ))}
      </Facts>
      {tag.revoked_at === null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: -0.5 }}>{buttons}</Box>
      ) : null}
    </Paper>
  );
}

/** Whether tags show as cards: below the `sm` breakpoint (a phone), where a table would scroll sideways. */
export const useTagCards = () => useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

/**
 * A list of tags: a table on wide screens, a card per tag on narrow ones, so that every tag's
 * Snippets, Try it and Revoke are reachable without scrolling sideways.
 */
export function TagList<T extends AdTagListItem>({
  label,
  tags,
  columns,
  actions,
  panel,
}: {
  /** "Ad tags". */
  label: string;
  tags: readonly T[];
  columns: readonly TagColumn<T>[];
  actions: (tag: T) => TagActions;
  /**
   * The open tag's panel, under the list in both layouts: a table row scrolls sideways, and a panel
   * kept in one place keeps what it holds (a "Try it" answer) when the layout changes.
   */
  panel?: ReactNode;
}) {
  const cards = useTagCards();
  return (
    <>
      {cards ? (
        <CardGrid label={label} minWidth={280}>
          {tags.map((tag) => (
            <TagItem key={tag.id} tag={tag} columns={columns} layout="card" actions={actions(tag)} />
          ))}
        </CardGrid>
      ) : (
        <ScrollTable label={label}>
          <ActionsTableHead columns={['Placement', ...columns.map((column) => column.label)]} />
          <TableBody>
            {tags.map((tag) => (
              <TagItem key={tag.id} tag={tag} columns={columns} layout="row" actions={actions(tag)} />
            ))}
          </TableBody>
        </ScrollTable>
      )}
      {panel}
    </>
  );
}

/**
 * A tag's open panel: a titled section the toggle controls (its snippets, or "Try it"), brought
 * into view when it opens (on a phone it opens under every card).
 */
export function TagPanel({
  id,
  title,
  focus = false,
  children,
}: {
  id: string;
  title: string;
  /** Its heading takes focus as it opens (Try it: the page's view changes to it). */
  focus?: boolean;
  children: ReactNode;
}) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // A statement, not the effect's answer: Chromium's scrollIntoView answers a promise, which React would call on unmount.
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Paper
      ref={section}
      variant="outlined"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ p: 2, minWidth: 0 }}
    >
      {focus ? (
        <ShownHeading id={`${id}-title`} sx={{ mb: 2 }}>
          {title}
        </ShownHeading>
      ) : (
        <Typography variant="h3" component="h2" id={`${id}-title`} sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
