import { type Invitation, type TeamMember, USER_STATUSES, type UserStatus } from '@adstudio/contract';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import {
  teamQuery,
  useActivateUser,
  useDeactivateUser,
  useResendInvitation,
  useResetTwoFactor,
  useRevokeInvitation,
  usersApi,
  useSendPasswordReset,
} from '../../../api/users';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterField } from '../../../components/ui/filter-field';
import { TitledDialog } from '../../../components/ui/form-dialog';
import { displayedRows, listTotal } from '../../../components/ui/list-total';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { StatusChip, type StatusDisplay } from '../../../components/ui/status-chip';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { FALLBACK_PAGE_SIZE } from '../../../lib/list-state';
import { useDefaultPageSize } from '../../../lib/user-settings';
import { accessText, statusDetail } from '../team-format';
import { CompanyTwoFactorSwitch } from './company-two-factor-switch';
import { EditUserDialog } from './edit-user-dialog';
import { hasLink, InvitationLinkBody, InviteUserDialog, invitationSent } from './invite-user-dialog';
import { PasswordResetLinkBody, resetLinkSent, type ShownResetLink } from './password-reset-link';
import { type UserAction, UserActionsMenu } from './user-actions-menu';

const COLUMNS = ['User', 'Access', 'Status', '2FA', 'Last sign-in'];
/** Narrower gutters than the app's tables: six columns fit Settings' width. */
const COMPACT = { '& .MuiTableCell-root': { px: 1 } } as const;

export const USER_STATUS_DISPLAY: Readonly<Record<UserStatus, StatusDisplay>> = {
  active: { colour: 'green', iconName: 'check', icon: CheckIcon, label: 'Active' },
  invited: { colour: 'accent', iconName: 'mail', icon: MailOutlineIcon, label: 'Invited' },
  deactivated: { colour: 'red', iconName: 'block', icon: BlockIcon, label: 'Deactivated' },
};

const secondary = { display: 'block', color: 'text.secondary', fontWeight: 400 } as const;

function MemberRow({
  member,
  self,
  onAction,
}: {
  member: TeamMember;
  self: boolean;
  onAction: (action: UserAction, member: TeamMember) => void;
}) {
  const detail = statusDetail(member);
  return (
    <TableRow data-testid="team-member">
      <TableCell component="th" scope="row" sx={{ fontWeight: 500, minWidth: 180, overflowWrap: 'anywhere' }}>
        {member.name}
        {self ? ' (you)' : ''}
        <Typography variant="body2" component="span" sx={secondary}>
          {member.email}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>{accessText(member)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <StatusChip status={member.status} display={USER_STATUS_DISPLAY[member.status]} />
        {detail ? (
          <Typography variant="caption" component="span" sx={{ ...secondary, mt: 0.5 }}>
            {detail}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{member.two_factor ? 'On' : 'Off'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : 'Never'}
      </TableCell>
      <TableCell align="right">
        <UserActionsMenu member={member} self={self} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}

type Confirming = { action: 'revoke' | 'deactivate' | 'reset-two-factor'; member: TeamMember };

const CONFIRMATIONS = {
  revoke: {
    title: (member: TeamMember) => `Revoke the invitation of ${member.name}?`,
    message: (member: TeamMember) =>
      `The link stops working at once and ${member.email} leaves the list. Invite them again to let them join.`,
    label: 'Revoke invitation',
  },
  deactivate: {
    title: (member: TeamMember) => `Deactivate ${member.name}?`,
    message: () => 'Their sessions and tokens stop at once; their work stays. You can reactivate them later.',
    label: 'Deactivate',
  },
  'reset-two-factor': {
    title: (member: TeamMember) => `Reset the two-factor sign-in of ${member.name}?`,
    message: () =>
      'Their authenticator app and recovery codes stop working at once: they sign in with their password and set two-factor sign-in up again (at once, if the company requires it).',
    label: 'Reset two-factor',
  },
} as const;

const said = (message: string) => showAlert({ status: 200, data: { message } });

/** The user actions that ask nothing first (resend, reactivate) and those that confirm (revoke, deactivate). */
function useMemberActions() {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const resetTwoFactor = useResetTwoFactor();
  const passwordReset = useSendPasswordReset();
  const [resetLink, setResetLink] = useState<ShownResetLink | null>(null);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [link, setLink] = useState<(Invitation & { invitation_url: string }) | null>(null);
  // The confirmation keeps its words while it closes.
  const lastConfirming = useRef<Confirming | null>(null);
  if (confirming) lastConfirming.current = confirming;

  const act = (action: UserAction, member: TeamMember) => {
    if (action === 'edit') setEditing(member);
    else if (action === 'revoke' || action === 'deactivate' || action === 'reset-two-factor')
      setConfirming({ action, member });
    else if (action === 'password-reset')
      passwordReset.mutate(member.id, {
        onSuccess: (link) =>
          link.reset_url
            ? setResetLink({ ...link, reset_url: link.reset_url, member })
            : resetLinkSent(member, link),
      });
    else if (action === 'activate')
      activate.mutate(member.id, { onSuccess: (saved) => said(`${saved.name} can sign in again.`) });
    else
      resend.mutate(member.id, {
        onSuccess: (invitation) => (hasLink(invitation) ? setLink(invitation) : invitationSent(invitation)),
      });
  };

  const confirm = () => {
    if (!confirming) return;
    const { action, member } = confirming;
    const done = { onSettled: () => setConfirming(null) };
    if (action === 'reset-two-factor')
      resetTwoFactor.mutate(member.id, {
        ...done,
        onSuccess: () => said(`The two-factor sign-in of ${member.name} was reset.`),
      });
    else if (action === 'revoke')
      revoke.mutate(member.id, {
        ...done,
        onSuccess: () => said(`The invitation of ${member.email} was revoked.`),
      });
    else
      deactivate.mutate(member.id, {
        ...done,
        onSuccess: () => said(`${member.name} was deactivated.`),
      });
  };

  const shown = lastConfirming.current;
  const dialogs = (
    <>
      <EditUserDialog member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={shown ? CONFIRMATIONS[shown.action].title(shown.member) : ''}
        message={shown ? CONFIRMATIONS[shown.action].message(shown.member) : ''}
        confirmLabel={shown ? CONFIRMATIONS[shown.action].label : 'Confirm'}
        destructive
        busy={revoke.isPending || deactivate.isPending || resetTwoFactor.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
      {/* Once the link shows, only Done closes: a click beside it would lose the link. */}
      <TitledDialog open={link !== null} onClose={() => undefined}>
        {(titleId) =>
          link ? (
            <InvitationLinkBody titleId={titleId} invitation={link} onDone={() => setLink(null)} />
          ) : null
        }
      </TitledDialog>
      <TitledDialog open={resetLink !== null} onClose={() => undefined}>
        {(titleId) =>
          resetLink ? (
            <PasswordResetLinkBody titleId={titleId} link={resetLink} onDone={() => setResetLink(null)} />
          ) : null
        }
      </TitledDialog>
    </>
  );
  return { act, dialogs };
}

/** The company's users (admins): who may do what, invitations, deactivation. */
export function UsersCard() {
  const user = useUser();
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const defaults = useDefaultPageSize(FALLBACK_PAGE_SIZE);
  const team = usersApi.useList(
    teamQuery({ filter, status, page, itemsPerPage: defaults.pageSize }),
    defaults.ready,
  );
  const { act, dialogs } = useMemberActions();
  const filtered = filter !== '' || status !== null;

  return (
    <TitledCard
      title="Users"
      subheader="Who works in Adstudio for the company, and what each may do."
      action={
        <Button startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          Invite
        </Button>
      }
    >
      <Box sx={{ mb: 2 }}>
        <CompanyTwoFactorSwitch />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <FilterField
          noun="users"
          filter={filter}
          placeholder="Name or email"
          focusFilter={false}
          onFilter={(text) => {
            setFilter(text);
            setPage(1);
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || null) as UserStatus | null);
            setPage(1);
          }}
          sx={{ minWidth: { xs: '100%', sm: 160 } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Any</MenuItem>
          {USER_STATUSES.map((one) => (
            <MenuItem key={one} value={one}>
              {USER_STATUS_DISPLAY[one].label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <QueryView
        query={team}
        noun="users"
        empty={<EmptyState title={filtered ? 'No users match this filter.' : 'No users yet.'} />}
      >
        {(list) => {
          const total = listTotal(list.meta, list.links);
          return (
            <>
              <ScrollTable label="Users" sx={COMPACT}>
                <ActionsTableHead columns={COLUMNS} />
                <TableBody>
                  {list.data.map((member) => (
                    <MemberRow key={member.id} member={member} self={member.id === user?.id} onAction={act} />
                  ))}
                </TableBody>
              </ScrollTable>
              {list.meta.last_page > 1 || list.meta.current_page > 1 ? (
                <TablePagination
                  component="div"
                  count={total.capped ? -1 : total.total}
                  page={list.meta.current_page - 1}
                  rowsPerPage={list.meta.per_page}
                  rowsPerPageOptions={[]}
                  labelDisplayedRows={(rows) => displayedRows(rows, total)}
                  onPageChange={(_event, next) => setPage(next + 1)}
                />
              ) : null}
            </>
          );
        }}
      </QueryView>
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
      {dialogs}
    </TitledCard>
  );
}
