import type { PasswordResetLink, TeamMember } from '@adstudio/contract';
import DialogContentText from '@mui/material/DialogContentText';
import { CopyField } from '../../../components/ui/copy-field';
import { DialogDoneBody } from '../../../components/ui/form-dialog';
import { showAlert } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/format';

export type ShownResetLink = PasswordResetLink & { reset_url: string; member: TeamMember };

/** Says that a reset link was e-mailed. */
export const resetLinkSent = (member: TeamMember, link: PasswordResetLink) =>
  showAlert({
    status: 200,
    data: {
      message: `A link to choose a new password was e-mailed to ${member.email}. It works until ${formatDateTime(link.expires_at)}.`,
    },
  });

/** A reset's one-time link, shown when the server sends no e-mail: once, with a copy button. */
export function PasswordResetLinkBody({
  titleId,
  link,
  onDone,
}: {
  titleId: string;
  link: ShownResetLink;
  onDone: () => void;
}) {
  return (
    <DialogDoneBody titleId={titleId} title="Pass the password reset link on" onDone={onDone}>
      <DialogContentText>
        No e-mail is configured on this server, so nothing was sent: give this link to {link.member.name} (
        {link.member.email}) yourself. It lets them choose a new password, once, until{' '}
        {formatDateTime(link.expires_at)}. You will not see it again.
      </DialogContentText>
      <CopyField label="Password reset link" text={link.reset_url} testId="reset-url" rows={2} />
    </DialogDoneBody>
  );
}
