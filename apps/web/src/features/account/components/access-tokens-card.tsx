import type { NewAccessToken } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { AccessTokensTable, TOKEN_COLUMNS } from '../../../components/ui/access-tokens-table';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { useAccessTokens } from '../api/get-access-tokens';
import { useRevokeAccessToken } from '../api/revoke-access-token';
import { NewTokenDialog } from './new-token-dialog';
import { TokenSecretDialog } from './token-secret-dialog';

export const REVOKE_TOKEN_MESSAGE =
  'It stops working at once: whatever uses it is refused (401) from its next request.';

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
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<NewAccessToken | null>(null);
  const add = () => setCreating(true);
  return (
    <TitledCard
      title="API tokens"
      subheader="Let a script use the API as you, within your permissions and the token's abilities."
      action={
        <Button startIcon={<AddIcon />} onClick={add}>
          New token
        </Button>
      }
    >
      <QueryView
        query={tokens}
        pending="Loading tokens…"
        error="The tokens could not be loaded."
        isEmpty={(list) => list.length === 0}
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
      <NewTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <TokenSecretDialog token={secret} onClose={() => setSecret(null)} />
    </TitledCard>
  );
}
