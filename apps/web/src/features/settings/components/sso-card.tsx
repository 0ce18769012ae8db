import type { SsoSettings } from '@adstudio/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useRemoveSso, useSso } from '../../../api/sso';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyField } from '../../../components/ui/copy-field';
import { Fact, Facts } from '../../../components/ui/facts';
import { QueryView } from '../../../components/ui/query-view';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { accessText } from '../team-format';
import { SsoDialog } from './sso-dialog';

function SsoFacts({ settings }: { settings: SsoSettings }) {
  const access = accessText({ roles: settings.default_roles, permissions: settings.default_permissions });
  return (
    <Stack spacing={2}>
      <Facts label="Single sign-on">
        <Fact term="Issuer">{settings.issuer}</Fact>
        <Fact term="Client ID">{settings.client_id}</Fact>
        <Fact term="Domains">{settings.domains.join(', ')}</Fact>
        <Fact term="New users">
          {settings.mode === 'jit' ? `Get an account: ${access}` : 'Refused unless invited'}
        </Fact>
        <Fact term="Passwords">
          {settings.required
            ? `Refused, but for ${settings.break_glass_user_ids.length} break-glass admin${settings.break_glass_user_ids.length === 1 ? '' : 's'}`
            : 'Still work'}
        </Fact>
      </Facts>
      <CopyField
        label="Redirect URI to register with the provider"
        text={settings.redirect_uri}
        testId="sso-redirect-uri"
      />
    </Stack>
  );
}

/** Settings → SSO (admins): the company's OpenID Connect provider, its domains, who joins, and "required". */
export function SsoCard() {
  const sso = useSso();
  const remove = useRemoveSso();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const settings = sso.data ?? null;
  return (
    <TitledCard
      title="Single sign-on"
      subheader="Sign in with the company's identity provider (OpenID Connect)."
      action={
        sso.isSuccess ? (
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setEditing(true)}>{settings ? 'Edit' : 'Set up'}</Button>
            {settings ? (
              <Button color="error" onClick={() => setRemoving(true)}>
                Turn off
              </Button>
            ) : null}
          </Stack>
        ) : null
      }
    >
      <QueryView
        query={sso}
        noun="single sign-on settings"
        isEmpty={(data) => data === null}
        empty="Not set up: everyone signs in with a password."
      >
        {(data) => (data ? <SsoFacts settings={data} /> : null)}
      </QueryView>
      <SsoDialog open={editing} settings={settings} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={removing}
        title="Turn single sign-on off?"
        message="Users sign in with their passwords again; those who never had one ask for a reset link."
        confirmLabel="Turn off"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => showAlert({ status: 200, data: { message: 'Single sign-on turned off.' } }),
            onSettled: () => setRemoving(false),
          })
        }
      />
    </TitledCard>
  );
}
