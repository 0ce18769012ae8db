import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError } from '../../lib/api-client';

function describe(error: unknown, what: string): { title: string; detail: string | null } {
  const status = isApiError(error) ? error.response?.status : undefined;
  if (status === 410) {
    // The server says why in a whole sentence ("This link is no longer valid: it was revoked…").
    const message = errorMessage(error, '');
    return message
      ? { title: message, detail: null }
      : {
          title: 'This link is no longer valid',
          detail: 'It was revoked or has expired. Ask whoever shared it for a new one.',
        };
  }
  if (status === 404)
    return {
      title: 'This link does not exist',
      detail: 'Check that the whole address was copied, or ask for the link again.',
    };
  return {
    title: `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`,
    detail: errorMessage(error),
  };
}

/**
 * What a token page says when its link is refused: it does not exist (404), or it was revoked or has
 * expired (410); any other failure is a failure to load `what` ("the preview", "the report").
 */
export function TokenLinkError({ error, what }: { error: unknown; what: string }) {
  const status = isApiError(error) ? error.response?.status : undefined;
  const { title, detail } = describe(error, what);
  return (
    <Alert severity={status === 404 || status === 410 ? 'warning' : 'error'} sx={{ maxWidth: 640 }}>
      <Typography variant="subtitle1" component="h1">
        {title}
      </Typography>
      {detail}
    </Alert>
  );
}
