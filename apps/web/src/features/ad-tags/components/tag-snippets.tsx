import type { AdTag } from '@adstudio/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FocusEvent } from 'react';
import { visuallyHidden } from '../../../components/ui/shared-link';
import { copyAndSay } from '../../../lib/copy-text';

const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select();

/** One snippet: its text read-only and selectable (focus selects it all), and a copy button. */
function Snippet({
  label,
  text,
  testId,
  rows,
}: {
  label: string;
  text: string;
  testId: string;
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

/** What a trafficker pastes: the JS tag, the iframe tag and the serve URL of an active tag. */
export function TagSnippets({ tag }: { tag: AdTag }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 1 }}>
      <Snippet label="JavaScript tag" text={tag.js} testId="tag-js" rows={3} />
      <Snippet label="Iframe tag" text={tag.iframe} testId="tag-iframe" rows={3} />
      <Snippet label="Serve URL" text={tag.serve_url} testId="tag-serve-url" />
      <Typography variant="body2" color="textSecondary">
        The snippets carry Google Ad Manager's click and cache-buster macros; in another ad server replace
        them with its own (API documentation, "Ad tags"). The JavaScript tag passes the viewer's time zone;
        the iframe tag reads times in UTC.
      </Typography>
    </Box>
  );
}
