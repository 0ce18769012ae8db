import { AD_SERVER_LABELS, type AdTag } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyField as Snippet } from '../../../components/ui/copy-field';

/** What a trafficker pastes: the JS tag, the iframe tag and the serve URL of an active tag. */
export function TagSnippets({ tag }: { tag: AdTag }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 1 }}>
      <Snippet label="JavaScript tag" text={tag.js} testId="tag-js" rows={3} />
      <Snippet label="Iframe tag" text={tag.iframe} testId="tag-iframe" rows={3} />
      <Snippet label="Serve URL" text={tag.serve_url} testId="tag-serve-url" />
      <Typography variant="body2" color="textSecondary">
        {tag.ad_server === 'generic'
          ? 'The snippets carry no ad server macros: only our click tracker counts clicks.'
          : `The snippets carry ${AD_SERVER_LABELS[tag.ad_server]}'s click and cache-buster macros, which it fills in.`}{' '}
        The JavaScript tag passes the viewer's time zone; the iframe tag reads times in UTC.
      </Typography>
    </Box>
  );
}
