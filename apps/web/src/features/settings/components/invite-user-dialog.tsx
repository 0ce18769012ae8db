import {
  type Invitation,
  type InvitationCreate,
  type InvitationCreateInput,
  InvitationCreateSchema,
} from '@adstudio/contract';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useInviteUser } from '../../../api/users';
import { CopyField } from '../../../components/ui/copy-field';
import { DialogDoneBody, DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/schema-form';
import { AccessFields } from './access-fields';

const EMPTY: InvitationCreateInput = { email: '', name: '', roles: [], permissions: [] };

/** Says that an invitation was e-mailed. */
export const invitationSent = (invitation: Invitation) =>
  showAlert({
    status: 200,
    data: {
      message: `Invitation e-mailed to ${invitation.email}. The link works until ${formatDateTime(invitation.expires_at)}.`,
    },
  });

function InviteForm({
  titleId,
  onClose,
  onInvited,
}: {
  titleId: string;
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}) {
  const form = useSchemaForm(InvitationCreateSchema, EMPTY);
  const invite = useInviteUser();
  const submit = (body: InvitationCreate) => invite.mutateAsync(body).then(onInvited);
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title="Invite a user"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Send invitation"
      submittingLabel="Inviting…"
    >
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        required
        autoFocus
        autoComplete="off"
      />
      <FormTextField control={form.control} name="name" label="Name" required autoComplete="off" />
      <AccessFields control={form.control} />
    </DialogFormBody>
  );
}

/**
 * An invitation's one-time link, shown when the server sends no e-mail: once, with a copy button,
 * for the admin to pass on.
 */
export function InvitationLinkBody({
  titleId,
  invitation,
  onDone,
}: {
  titleId: string;
  invitation: Invitation & { invitation_url: string };
  onDone: () => void;
}) {
  return (
    <DialogDoneBody titleId={titleId} title="Pass the invitation link on" onDone={onDone}>
      <DialogContentText>
        No e-mail is configured on this server, so no invitation was sent: give this link to {invitation.name}{' '}
        ({invitation.email}) yourself. It sets their password and signs them in, once, until{' '}
        {formatDateTime(invitation.expires_at)}. You will not see it again.
      </DialogContentText>
      <CopyField label="Invitation link" text={invitation.invitation_url} testId="invitation-url" rows={2} />
    </DialogDoneBody>
  );
}

export const hasLink = (invitation: Invitation): invitation is Invitation & { invitation_url: string } =>
  Boolean(invitation.invitation_url);

/** Invites a user; without e-mail on the server, then shows the invitation's link this once. */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [shown, setShown] = useState<(Invitation & { invitation_url: string }) | null>(null);
  const close = () => {
    setShown(null);
    onClose();
  };
  const invited = (invitation: Invitation) => {
    if (hasLink(invitation)) {
      setShown(invitation);
      return;
    }
    invitationSent(invitation);
    close();
  };
  return (
    // Once the link shows, only Done closes: a click beside it would lose the link.
    <TitledDialog open={open} onClose={shown ? () => undefined : close}>
      {(titleId) =>
        shown ? (
          <InvitationLinkBody titleId={titleId} invitation={shown} onDone={close} />
        ) : (
          <InviteForm titleId={titleId} onClose={close} onInvited={invited} />
        )
      }
    </TitledDialog>
  );
}
