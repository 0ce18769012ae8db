import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/states';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';

/** A company rule an admin turns on or off: `{required}` read and written whole. */
interface Rule {
  required: boolean;
}

/** What turning the rule on asks first, when it binds people at once. */
export interface RuleConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Admins: one company rule as a switch (two-factor sign-in for everyone, a passing QA run before
 * live): loading, an error with retry, the switch with its explanation, the banner saying what
 * holds now, and with `confirmOn` a question before it is turned on.
 */
export function CompanyRuleSwitch({
  rule,
  save,
  label,
  helper,
  what,
  saidOn,
  saidOff,
  confirmOn,
}: {
  rule: UseQueryResult<Rule>;
  save: UseMutationResult<Rule, unknown, Rule>;
  label: string;
  helper: string;
  /** The rule in the load error's words: "Whether two-factor sign-in is required". */
  what: string;
  saidOn: string;
  saidOff: string;
  confirmOn?: RuleConfirmation;
}) {
  const [confirming, setConfirming] = useState(false);

  if (rule.isPending) return <Skeleton variant="rounded" height={42} width={320} />;
  if (rule.isError)
    return (
      <ErrorState
        message={`${what} could not be loaded. ${errorMessage(rule.error)}`}
        onRetry={() => void rule.refetch()}
      />
    );

  const set = (required: boolean) =>
    save.mutate(
      { required },
      {
        onSuccess: () => showAlert({ status: 200, data: { message: required ? saidOn : saidOff } }),
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
            onChange={(event) => {
              if (!event.target.checked) set(false);
              else if (confirmOn) setConfirming(true);
              else set(true);
            }}
          />
        }
        label={label}
      />
      <FormHelperText sx={{ mt: 0 }}>{helper}</FormHelperText>
      {confirmOn ? (
        <ConfirmDialog
          open={confirming}
          title={confirmOn.title}
          message={confirmOn.message}
          confirmLabel={confirmOn.confirmLabel}
          busy={save.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => set(true)}
        />
      ) : null}
    </>
  );
}
