import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyAndSay } from '../../../lib/copy-text';

export const RECOVERY_CODES_FILE = 'adstudio-recovery-codes.txt';

/** The codes as a text file: one a line, with what they are for. */
export const recoveryCodesText = (codes: readonly string[]) =>
  `Adstudio recovery codes. Each signs in once in place of a code of your authenticator app.\n\n${codes.join('\n')}\n`;

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The ten recovery codes, shown this once: copied or downloaded as a text file, and closed only
 * once the user says they saved them.
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
  busy = false,
}: {
  codes: readonly string[];
  doneLabel: string;
  onDone: () => void;
  busy?: boolean;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <Typography variant="body2">
        Keep these recovery codes somewhere safe, apart from your phone. Each signs you in once if your phone
        is lost. You will not see them again.
      </Typography>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyAndSay(codes.join('\n'), 'Recovery codes')}
        >
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download(codes)}>
          Download .txt
        </Button>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I saved my recovery codes"
      />
      <Box>
        <Button variant="contained" disabled={!saved || busy} onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Box>
  );
}
