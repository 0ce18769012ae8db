import type { NewAccessToken } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { abilitiesText } from '../../../components/ui/access-tokens-table';
import { CopyField } from '../../../components/ui/copy-field';
import { DialogDoneBody } from '../../../components/ui/form-dialog';
import { env } from '../../../config/env';
import { formatDate } from '../../../lib/format';

/** Where a script sends its requests: the API's host, which is this app's unless configured. */
const apiBase = () => env().apiUrl || window.location.origin;

/** A request to try the token with, as it would be typed in a shell. */
export const exampleRequest = (secret: string) =>
  `curl -H "Authorization: Bearer ${secret}" ${apiBase()}/v1/user`;

/**
 * The new token's secret, shown this once with a copy button and a request to try it with. Only
 * Done or Escape closes it (not a click beside it), and the caller then forgets the secret.
 */
export function TokenSecretDialog({ token, onClose }: { token: NewAccessToken | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      open={token !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {token ? (
        <DialogDoneBody titleId={titleId} title="Copy your new token" onDone={onClose}>
          <Alert severity="warning">
            Copy it now and keep it somewhere safe. You will not see it again: Adstudio keeps only a
            fingerprint of it.
          </Alert>
          {/* Wrapped, never scrolled: the whole secret shows at a phone's width. */}
          <CopyField label="Token" text={token.token} testId="new-token-secret" rows={1} />
          <Typography variant="body2" color="textSecondary">
            "{token.name}" may {abilitiesText(token.abilities).toLowerCase()} as you until{' '}
            {formatDate(token.expires_at)}. Send it in the Authorization header, for example:
          </Typography>
          <CopyField
            label="Example request"
            text={exampleRequest(token.token)}
            testId="new-token-curl"
            rows={2}
          />
        </DialogDoneBody>
      ) : null}
    </Dialog>
  );
}
