import type { AccessToken } from '@adstudio/contract';
import KeyOffIcon from '@mui/icons-material/KeyOffOutlined';
import IconButton from '@mui/material/IconButton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useRef, useState } from 'react';
import { showAlert } from '../../lib/alert';
import { formatDate, formatDateTime } from '../../lib/format';
import { ActionsTableHead } from './actions-table-head';
import { ConfirmDialog } from './confirm-dialog';
import { ScrollTable } from './scroll-region';

/** A column of a tokens table; the first names the row and is set in bold. */
export interface TokenColumn<T> {
  header: string;
  cell: (token: T) => ReactNode;
}

/** What a token may do, as people say it. */
export const abilitiesText = (abilities: readonly string[]) =>
  abilities.includes('write') ? 'Read and write' : 'Read';

/** The columns both lists show (My Account: one's own; Settings: the company's). */
export const TOKEN_COLUMNS = {
  name: { header: 'Name', cell: (token) => token.name },
  abilities: { header: 'Abilities', cell: (token) => abilitiesText(token.abilities) },
  created: { header: 'Created', cell: (token) => formatDate(token.created_at) },
  lastUsed: {
    header: 'Last used',
    cell: (token) => (token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'),
  },
  expires: {
    header: 'Expires',
    cell: (token) =>
      Date.parse(token.expires_at) <= Date.now()
        ? `Expired ${formatDate(token.expires_at)}`
        : formatDate(token.expires_at),
  },
} satisfies Record<string, TokenColumn<AccessToken>>;

/**
 * Personal access tokens in a table, each revoked from its row after a confirmation saying what
 * revoking does; a revoked token leaves the list. A refusal is the revoke mutation's own alert.
 */
export function AccessTokensTable<T extends AccessToken>({
  label,
  tokens,
  columns,
  revoke,
  owner,
  revokeMessage,
}: {
  label: string;
  tokens: readonly T[];
  columns: readonly TokenColumn<T>[];
  revoke: {
    mutate: (id: number, options: { onSuccess: () => void; onSettled: () => void }) => void;
    isPending: boolean;
  };
  /** Whose token a row's Revoke names, when the list holds others' ("of Ada"). */
  owner?: (token: T) => string;
  revokeMessage: (token: T) => string;
}) {
  const [revoking, setRevoking] = useState<T | null>(null);
  // The confirmation keeps naming the token while it closes.
  const shown = useRef<T | null>(null);
  if (revoking) shown.current = revoking;
  const named = (token: T) => (owner ? `${token.name} of ${owner(token)}` : token.name);

  const confirm = () => {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => showAlert({ status: 200, data: { message: `Token "${name}" revoked.` } }),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <>
      <ScrollTable label={label}>
        <ActionsTableHead columns={columns.map((column) => column.header)} />
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id} data-testid="access-token">
              {columns.map((column, index) => (
                <TableCell
                  key={column.header}
                  {...(index === 0 ? { component: 'th', scope: 'row', sx: { fontWeight: 500 } } : {})}
                >
                  {column.cell(token)}
                </TableCell>
              ))}
              <TableCell align="right">
                {/* An icon: at Settings' width a word would push the table past its card. */}
                <Tooltip title="Revoke">
                  <IconButton
                    size="small"
                    color="error"
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke ${named(token)}`}
                  >
                    <KeyOffIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <ConfirmDialog
        open={revoking !== null}
        title={shown.current ? `Revoke the token ${named(shown.current)}?` : 'Revoke the token?'}
        message={shown.current ? revokeMessage(shown.current) : ''}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirm}
      />
    </>
  );
}
