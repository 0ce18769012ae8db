import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FocusEvent, useState } from 'react';
import { copyLink } from '../../../components/ui/shared-link';
import { ErrorState } from '../../../components/ui/states';
import { TokenViewsButton } from '../../../components/ui/token-views-button';
import { useCanAccess } from '../../../lib/access';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePreviewLink } from '../api/get-preview-link';

/**
 * The creative's shareable preview link. Asked for only on a click: the first ask creates the link,
 * and a mere visit of the tab must not.
 */
export function PreviewLink({ creativeId }: { creativeId: number }) {
  const [requested, setRequested] = useState(false);
  // Creating a link publishes the creative: readers (qa) may only see one that is in use.
  const canCreate = useCanAccess('creatives', 'write');
  const link = usePreviewLink(creativeId, requested);

  if (link.data) {
    const { url } = link.data;
    const copy = () => copyLink(url, 'Preview link');
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="Preview link"
            value={url}
            // Where the button was: keyboard users land on the link they asked for (not on a later visit).
            autoFocus={requested}
            size="small"
            sx={{ flex: '1 1 320px' }}
            slotProps={{
              htmlInput: {
                readOnly: true,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
              },
            }}
            helperText={`Created ${formatDateTime(link.data.created_at)}. Anyone holding it sees this creative without signing in.`}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            Copy
          </Button>
          <Button
            variant="outlined"
            startIcon={<OpenInNewIcon />}
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
          >
            Open
          </Button>
        </Box>
        <Box>
          <TokenViewsButton
            kind="preview"
            linkId={link.data.id}
            views={link.data.views}
            lastViewedAt={link.data.last_viewed_at}
          />
        </Box>
      </Box>
    );
  }
  if (link.isError && isApiError(link.error) && link.error.response?.status === 403) {
    return (
      <Typography variant="body2" color="textSecondary">
        This creative has no preview link yet. Someone who edits creatives can create one.
      </Typography>
    );
  }
  if (link.isError) {
    return (
      <ErrorState
        message={`The preview link could not be made. ${errorMessage(link.error)}`}
        onRetry={() => void link.refetch()}
      />
    );
  }
  const loading = requested && link.isFetching;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<LinkIcon />}
        disabled={loading}
        onClick={() => setRequested(true)}
      >
        {loading ? 'Getting the link…' : 'Show preview link'}
      </Button>
      <Typography variant="body2" color="textSecondary">
        {canCreate
          ? "A link to share this creative's preview with people who do not sign in; the first click creates it."
          : "The link in use to share this creative's preview with people who do not sign in, if someone made one."}
      </Typography>
    </Box>
  );
}
