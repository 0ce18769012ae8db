import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/states';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyTwoFactor, useSetCompanyTwoFactor } from '../api/company-two-factor';

const said = (message: string) => showAlert({ status: 200, data: { message } });

/** Admins: whether everyone must use two-factor sign-in; turning it on is confirmed first. */
export function CompanyTwoFactorSwitch() {
  const rule = useCompanyTwoFactor();
  const save = useSetCompanyTwoFactor();
  const [confirming, setConfirming] = useState(false);

  if (rule.isPending) return <Skeleton variant="rounded" height={42} width={320} />;
  if (rule.isError)
    return (
      <ErrorState
        message={`Whether two-factor sign-in is required could not be loaded. ${errorMessage(rule.error)}`}
        onRetry={() => void rule.refetch()}
      />
    );

  const set = (required: boolean) =>
    save.mutate(
      { required },
      {
        onSuccess: () =>
          said(required ? 'Two-factor sign-in is required now.' : 'Two-factor sign-in is optional now.'),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={rule.data.required}
            disabled={save.isPending}
            onChange={(event) => (event.target.checked ? setConfirming(true) : set(false))}
          />
        }
        label="Require two-factor sign-in for everyone"
      />
      <FormHelperText sx={{ mt: 0 }}>
        Users without it must set it up when they next use Adstudio.
      </FormHelperText>
      <ConfirmDialog
        open={confirming}
        title="Require two-factor sign-in?"
        message="Everyone without it, you included, must set it up before anything else."
        confirmLabel="Require it"
        busy={save.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => set(true)}
      />
    </>
  );
}
