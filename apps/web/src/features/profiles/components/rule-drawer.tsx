import type { ProfileRuleDetail } from '@adstudio/contract';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { href } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useProfileRule } from '../api/get-profile-rule';
import { ruleValueText } from '../profile-format';

function Facts({ label, entries }: { label: string; entries: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(100px, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.75,
      }}
    >
      {entries.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function RuleDetail({ rule }: { rule: ProfileRuleDetail }) {
  return (
    <>
      <Facts
        label="Rule"
        entries={[
          ['Reporting label', rule.reporting_label],
          ['Position', String(rule.position)],
          ['Active', rule.active ? 'Yes' : 'No'],
          ['Default', rule.is_default ? 'Yes' : 'No'],
          ['Start', formatDate(rule.start)],
          ['End', formatDate(rule.end)],
          ...(rule.ended_at
            ? ([['Left the feed', formatDateTime(rule.ended_at)]] as [string, string][])
            : []),
        ]}
      />
      <Section title="Data">
        <Facts
          label="Data"
          entries={Object.entries(rule.data).map(([key, value]) => [key, ruleValueText(value)])}
        />
      </Section>
      <Section title="Conditions">
        <LinkList
          label="Conditions"
          items={rule.conditions}
          to={(id) => href('condition.view', { id })}
          empty="None: it serves in every context."
        />
      </Section>
      <Section title="Creatives">
        <LinkList
          label="Creatives"
          items={rule.creatives}
          to={(id) => href('creative.view', { id })}
          empty="No creative serves this rule."
        />
      </Section>
    </>
  );
}

function RuleContent({ ruleId }: { ruleId: number }) {
  const rule = useProfileRule(ruleId);
  return (
    <QueryView query={rule} pending="Loading the rule…" error="The rule could not be loaded.">
      {(data) => <RuleDetail rule={data} />}
    </QueryView>
  );
}

/** One rule beside the table: all its data, its conditions and the creatives that serve it. */
export function RuleDrawer({
  ruleId,
  title,
  onClose,
}: {
  ruleId: number | null;
  /** The rule's Unique_ID, known from the table. */
  title: string;
  onClose: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={ruleId !== null}
      onClose={onClose}
      // Over the shell's app bar, which sits above the sidebar's drawer level.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, p: 2.5 } } }}
    >
      <Box role="region" aria-label={`Rule ${title}`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {ruleId !== null ? <RuleContent ruleId={ruleId} /> : null}
      </Box>
    </Drawer>
  );
}

/** Named items as links, or a line saying there are none. */
function LinkList({
  label,
  items,
  to,
  empty,
}: {
  label: string;
  items: readonly { id: number; name: string }[];
  to: (id: number) => string;
  empty: string;
}) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        {empty}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={label}>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters>
          <Link component={RouterLink} to={to(item.id)}>
            {item.name}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
