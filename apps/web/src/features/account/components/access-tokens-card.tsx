import type { NewAccessToken } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { myTokensApi, useRevokeAllAccessTokens } from '../../../api/access-tokens';
import { AccessTokensTable, TOKEN_COLUMNS } from '../../../components/ui/access-tokens-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { NewTokenDialog } from './new-token-dialog';
import { TokenSecretDialog } from './token-secret-dialog';

export const REVOKE_TOKEN_MESSAGE =
  'It stops working at once: whatever uses it is refused (401) from its next request.';
export const REVOKE_ALL_MESSAGE =
  'Every one of your tokens stops working at once: each script or integration that uses one is refused (401) from its next request.';

const COLUMNS = [
  TOKEN_COLUMNS.name,
  TOKEN_COLUMNS.abilities,
  TOKEN_COLUMNS.created,
  TOKEN_COLUMNS.lastUsed,
  TOKEN_COLUMNS.expires,
];

/**
 * My personal access tokens: a script's way into the API as me. A new one's secret is shown once,
 * held here only until its dialog closes.
 */
export function AccessTokensCard() {
  const tokens = myTokensApi.useList();
  const revoke = myTokensApi.useRevoke();
  const revokeAll = useRevokeAllAccessTokens();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<NewAccessToken | null>(null);
  const add = () => setCreating(true);
  return (
    <TitledCard
      title="API tokens"
      subheader="Let a script use the API as you, within your permissions and the token's abilities."
      action={
        <Stack direction="row" spacing={1}>
          {tokens.data?.length ? (
            <Button color="error" startIcon={<KeyOffIcon />} onClick={() => setConfirmingAll(true)}>
              Revoke all
            </Button>
          ) : null}
          <Button startIcon={<AddIcon />} onClick={add}>
            New token
          </Button>
        </Stack>
      }
    >
      <QueryView
        query={tokens}
        noun="tokens"
        empty={
          <EmptyState title="No tokens yet: create one for each script or integration that calls the API.">
            <Button startIcon={<AddIcon />} onClick={add}>
              Create the first token
            </Button>
          </EmptyState>
        }
      >
        {(list) => (
          <AccessTokensTable
            label="API tokens"
            tokens={list}
            columns={COLUMNS}
            revoke={revoke}
            revokeMessage={() => REVOKE_TOKEN_MESSAGE}
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={confirmingAll}
        title="Revoke all your tokens?"
        message={REVOKE_ALL_MESSAGE}
        confirmLabel="Revoke all"
        destructive
        busy={revokeAll.isPending}
        onCancel={() => setConfirmingAll(false)}
        onConfirm={() =>
          revokeAll.mutate(undefined, {
            onSuccess: ({ revoked }) => {
              setConfirmingAll(false);
              showAlert({
                status: 200,
                data: { message: revoked === 1 ? '1 token revoked.' : `${revoked} tokens revoked.` },
              });
            },
          })
        }
      />
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <TokenSecretDialog token={secret} onClose={() => setSecret(null)} />
    </TitledCard>
  );
}
