import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';
import { copyAndSay } from '../../lib/copy-text';
import { visuallyHidden } from './shared-link';

const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select();

/**
 * Text to paste elsewhere (a snippet, a secret, a command): read-only and selectable (focus selects
 * it all) in monospace, with a Copy button named after it ("Copy token") that says whether it worked.
 */
export function CopyField({
  label,
  text,
  testId,
  rows,
}: {
  label: string;
  text: string;
  testId: string;
  /** Lines shown at least: the text wraps instead of scrolling inside one line. */
  rows?: number;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        label={label}
        value={text}
        size="small"
        multiline={rows !== undefined}
        minRows={rows}
        maxRows={8}
        sx={{ flex: '1 1 320px', minWidth: 0 }}
        slotProps={{
          htmlInput: { readOnly: true, onFocus: selectAll, spellCheck: false, 'data-testid': testId },
          input: { sx: { fontFamily: 'monospace', fontSize: '0.8125rem' } },
        }}
      />
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyAndSay(text, label)}>
        Copy
        <Box component="span" sx={visuallyHidden}>{` ${label.toLowerCase()}`}</Box>
      </Button>
    </Box>
  );
}
