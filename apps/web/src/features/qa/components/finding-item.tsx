import type { QaFinding } from '@adstudio/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { variantLabel } from '../qa-format';

/** Where a finding's actions go: its rule in the feed, the variant on the Preview tab. */
export interface FindingLinks {
  rule: ((finding: QaFinding) => string) | null;
  preview: (finding: QaFinding) => string;
}

const THUMB = 112;

/**
 * One finding: the variant's screenshot (a button that opens it larger), its severity, the rule
 * (Unique_ID and reporting label), what to change, and the way to its rule and its preview.
 */
export function FindingItem({
  finding,
  links,
  onZoom,
}: {
  finding: QaFinding;
  links: FindingLinks;
  onZoom: (finding: QaFinding) => void;
}) {
  const name = variantLabel(finding);
  return (
    <Box
      component="li"
      data-testid="qa-finding"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        minWidth: 0,
      }}
    >
      {finding.screenshot_url ? (
        <ButtonBase
          onClick={() => onZoom(finding)}
          aria-label={`Open the screenshot of ${name} larger`}
          sx={{
            width: THUMB,
            height: THUMB,
            flex: 'none',
            borderRadius: 1,
            outline: 1,
            outlineColor: 'divider',
          }}
        >
          <Box
            component="img"
            src={finding.screenshot_url}
            alt={`Screenshot of variant ${name}`}
            loading="lazy"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        </ButtonBase>
      ) : (
        <Box
          sx={{
            width: THUMB,
            height: THUMB,
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
            color: 'text.secondary',
            textAlign: 'center',
            typography: 'caption',
            p: 1,
          }}
        >
          Found without rendering
        </Box>
      )}
      <Box sx={{ flex: '1 1 200px', minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <Chip
            size="small"
            label={finding.severity === 'error' ? 'Error' : 'Warning'}
            color={finding.severity === 'error' ? 'error' : 'warning'}
            variant="outlined"
          />
          <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {finding.unique_id}
          </Typography>
          {finding.reporting_label ? (
            <Typography
              variant="body2"
              color="textSecondary"
              component="span"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {finding.reporting_label}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {finding.message}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          {links.rule ? (
            <Link component={RouterLink} to={links.rule(finding)} variant="body2">
              Open the rule {finding.unique_id}
            </Link>
          ) : null}
          <Link component={RouterLink} to={links.preview(finding)} variant="body2">
            Preview {name}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
