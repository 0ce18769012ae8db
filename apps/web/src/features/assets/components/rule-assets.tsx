import type { ProcessingAsset, ProfileRule } from '@adstudio/contract';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { CardGrid } from '../../../components/ui/card-grid';
import { QueryView } from '../../../components/ui/query-view';
import { useCanAccess } from '../../../lib/access';
import type { ListQueryParams } from '../../../lib/list-query';
import { isInProgress, useProcessingAssets, useRetryProcessingAssets } from '../api/get-processing-assets';
import { useRuleOptions } from '../api/get-rule-options';
import { RuleAssetCard } from './rule-asset-card';

/** How many rules the picker lists: the first ones in feed order, or those matching the typed text. */
const RULES_SHOWN = 20;
const SEARCH_DEBOUNCE_MS = 300;

type RuleOption = Pick<ProfileRule, 'id' | 'unique_id' | 'reporting_label'>;

/** "SKU-1001 · North – Trail shoes". */
export const ruleLabel = (rule: RuleOption): string =>
  [rule.unique_id, rule.reporting_label].filter(Boolean).join(' · ');

/** The picker's rules query: the first rules, or those matching `filter`. */
export const rulesQuery = (filter: string): ListQueryParams =>
  filter ? { filter, 'items-per-page': RULES_SHOWN } : { 'items-per-page': RULES_SHOWN };

/** "2 of 3 ready · 1 failed", read out as it changes. */
function summaryText(items: readonly ProcessingAsset[]): string {
  const count = (state: ProcessingAsset['state']) => items.filter((item) => item.state === state).length;
  const failed = count('failed');
  const working = items.filter(isInProgress).length;
  return [
    `${count('ready')} of ${items.length} ready`,
    working ? `${working} in progress` : '',
    failed ? `${failed} failed` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One rule's items as cards, with "Retry failed" while some item failed. */
export function RuleAssetList({
  items,
  uniqueId,
  retrying,
  onRetry,
}: {
  items: readonly ProcessingAsset[];
  uniqueId: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const someFailed = items.some((item) => item.state === 'failed');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', minHeight: 32 }}>
        <Typography variant="body2" color="textSecondary" role="status" sx={{ flex: 1 }}>
          {summaryText(items)}
        </Typography>
        {someFailed ? (
          <Button size="small" startIcon={<RefreshIcon />} onClick={onRetry} disabled={retrying}>
            Retry failed
          </Button>
        ) : null}
      </Box>
      <CardGrid label={`Rule assets of ${uniqueId}`} minWidth={180} busy={retrying}>
        {items.map((item) => (
          <RuleAssetCard key={item.id} item={item} />
        ))}
      </CardGrid>
    </Box>
  );
}

function RuleItems({ creativeId, rule }: { creativeId: number; rule: RuleOption }) {
  const items = useProcessingAssets(creativeId, rule.id);
  const retry = useRetryProcessingAssets(creativeId, rule.id);
  return (
    <QueryView
      query={items}
      pending="Loading the rule’s assets…"
      error="The rule’s assets could not be loaded."
      empty="This rule has no assets."
    >
      {(list) => (
        <RuleAssetList
          items={list}
          uniqueId={rule.unique_id}
          retrying={retry.isPending}
          onRetry={() => retry.mutate()}
        />
      )}
    </QueryView>
  );
}

/**
 * Picks one rule by searching the profile's rules on the server (`filter` matches Unique_ID and
 * Reporting_Label); without text it offers the first ones.
 */
function RulePicker({
  profileId,
  value,
  firstRules,
  onPick,
}: {
  profileId: number;
  value: RuleOption;
  firstRules: readonly RuleOption[];
  onPick: (rule: RuleOption) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const found = useRuleOptions(profileId, rulesQuery(search), search !== '');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list: readonly RuleOption[] = search ? (found.data?.data ?? []) : firstRules;
  const loading = search !== '' && found.isFetching;
  return (
    <Autocomplete<RuleOption, false, true>
      value={value}
      options={list.some((rule) => rule.id === value.id) ? list : [value, ...list]}
      getOptionLabel={ruleLabel}
      getOptionKey={(rule) => rule.id}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      // The server filters; the options are its answer.
      filterOptions={(all) => all}
      disableClearable
      loading={loading}
      onChange={(_event, rule) => {
        if (rule.id !== value.id) onPick(rule);
      }}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        else if (reason === 'reset') setText('');
      }}
      noOptionsText={search ? `No rules match "${search}".` : 'No rules.'}
      size="small"
      sx={{ width: { xs: '100%', sm: 420 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Rule"
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * The picked rule, the profile's first at the start. It lives in the section, not the URL: a URL
 * change remounts the view, which would reset the assets toolbar and stop running uploads.
 */
function PickedRule({
  creativeId,
  profileId,
  firstRules,
}: {
  creativeId: number;
  profileId: number;
  firstRules: readonly ProfileRule[];
}) {
  const [rule, setRule] = useState<RuleOption | undefined>(firstRules[0]);
  if (!rule) return null;
  return (
    <>
      <RulePicker profileId={profileId} value={rule} firstRules={firstRules} onPick={setRule} />
      <RuleItems key={rule.id} creativeId={creativeId} rule={rule} />
    </>
  );
}

/**
 * "Rule assets": for a creative driven by a profile, the images one rule's feed columns point at
 * and the rule's backup image, as the server fetches and renders them.
 */
export function RuleAssets({ creativeId, profileId }: { creativeId: number; profileId: number }) {
  const canReadProfiles = useCanAccess('profiles', 'read');
  const firstRules = useRuleOptions(profileId, rulesQuery(''), canReadProfiles);
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2, borderTop: 1, borderColor: 'divider', pt: 3, mt: 1 }}
    >
      <Box>
        <Typography id={headingId} variant="h2">
          Rule assets
        </Typography>
        <Typography variant="body2" color="textSecondary">
          The images a rule’s feed columns point at, and its backup image, as the server fetches them.
        </Typography>
      </Box>
      {canReadProfiles ? (
        <QueryView
          query={firstRules}
          pending="Loading the profile’s rules…"
          error="The profile’s rules could not be loaded."
          empty="This profile has no rules yet."
        >
          {(list) => <PickedRule creativeId={creativeId} profileId={profileId} firstRules={list.data} />}
        </QueryView>
      ) : (
        <Alert severity="info">Picking a rule needs access to profiles.</Alert>
      )}
    </Box>
  );
}
