import type { CompanyAccessToken } from '@adstudio/contract';
import Typography from '@mui/material/Typography';
import { companyTokensApi } from '../../../api/access-tokens';
import { AccessTokensTable, TOKEN_COLUMNS } from '../../../components/ui/access-tokens-table';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';

const { name, abilities, lastUsed, expires } = TOKEN_COLUMNS;

const user = {
  header: 'User',
  cell: (token: CompanyAccessToken) => (
    <>
      {token.user.name}
      <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
        {token.user.email}
      </Typography>
    </>
  ),
};

/** The company's personal access tokens (admins): whose they are, how they are used, and revoking one. */
export function CompanyTokensCard() {
  const tokens = companyTokensApi.useList();
  const revoke = companyTokensApi.useRevoke();
  return (
    <TitledCard
      title="Company API tokens"
      subheader="The tokens your users made for scripts; each acts as its user. Users make theirs in My Account."
    >
      <QueryView
        query={tokens}
        noun="tokens"
        error="The company's tokens could not be loaded."
        empty={<EmptyState title="No tokens yet: users make them in My Account." />}
      >
        {(list) => (
          <AccessTokensTable
            label="Company API tokens"
            tokens={list}
            columns={[name, user, abilities, lastUsed, expires]}
            revoke={revoke}
            owner={(token) => token.user.name}
            revokeMessage={(token) =>
              `It stops working at once: whatever ${token.user.name} runs with it is refused (401) from its next request.`
            }
          />
        )}
      </QueryView>
    </TitledCard>
  );
}
