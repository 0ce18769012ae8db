import type { PackageFinding } from '@adstudio/contract';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { errorsOf, warningsOf } from '../package-rules';

/** Amber that stays readable as text (WCAG AA): MUI's warning.main is 3:1 on white. */
const amberText = (theme: Theme) => (theme.palette.mode === 'dark' ? theme.palette.warning.light : '#9a5b00');

function Finding({ finding }: { finding: PackageFinding }) {
  const error = finding.severity === 'error';
  const Icon = error ? ErrorIcon : WarningIcon;
  return (
    <Box
      component="li"
      data-testid="package-finding"
      data-severity={finding.severity}
      data-code={finding.code}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <Icon fontSize="small" color={error ? 'error' : 'warning'} sx={{ mt: 0.25 }} aria-hidden />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 500, color: error ? 'error.main' : amberText }}>
          {error ? 'Error' : 'Warning'}:
        </Box>{' '}
        {finding.message}
        {finding.file ? (
          <>
            {' '}
            <Box component="code" sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
              ({finding.file})
            </Box>
          </>
        ) : null}
      </Typography>
    </Box>
  );
}

/** A version's findings: errors (which block approval) first, in red; then warnings, in amber. */
export function PackageFindings({ findings }: { findings: readonly PackageFinding[] }) {
  if (!findings.length) return null;
  const ordered = [...errorsOf(findings), ...warningsOf(findings)];
  return (
    <Box
      component="ul"
      aria-label="Findings"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
    >
      {ordered.map((finding, index) => (
        // Findings have no id; their order is the server's and does not change.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list
        <Finding key={index} finding={finding} />
      ))}
    </Box>
  );
}
