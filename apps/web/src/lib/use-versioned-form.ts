import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { alertFromError, showAlert } from './alert';
import { errorStatus, isSessionExpiredError } from './api-client';
import { showServerErrors } from './form-errors';
import { rebaseFormValues, sameFormValues } from './form-rebase';

/**
 * An edit form over a versioned item (DESIGN section 4, lost updates). A save sends the
 * `updated_at` of the version the form was loaded from; when the item changed meanwhile (409) the
 * form offers to reload it and re-apply the user's edits on top.
 */
export function useVersionedForm<I extends { updated_at: string }, V extends FieldValues, O>({
  item,
  form,
  toValues,
  save,
  fetchLatest,
  savedMessage,
}: {
  item: I;
  form: UseFormReturn<V, unknown, O>;
  toValues: (item: I) => V;
  save: (values: O, updatedAt: string) => Promise<I>;
  fetchLatest: () => Promise<I>;
  savedMessage: string;
}) {
  // The version the form's values were loaded from.
  const [base, setBase] = useState(item);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { isDirty } = form.formState;

  // A newer version arrived (the user's own status move, a refetch): an untouched form shows it; an
  // edited one moves onto it only when its fields are as loaded, so no one else's change is hidden.
  useEffect(() => {
    if (item.updated_at === base.updated_at) return;
    if (!isDirty) form.reset(toValues(item));
    else if (!sameFormValues(toValues(item), toValues(base))) return;
    setBase(item);
  }, [item, base, isDirty, form, toValues]);

  const submit = (values: O) =>
    save(values, base.updated_at).then(
      (saved) => {
        setBase(saved);
        setConflict(false);
        form.reset(toValues(saved));
        showAlert({ status: 200, data: { message: savedMessage } });
      },
      (error: unknown) => {
        if (errorStatus(error) === 409) return setConflict(true);
        if (!isSessionExpiredError(error)) showAlert(alertFromError(error));
        showServerErrors(form, error);
      },
    );

  /** Fetches the latest version and puts the user's edits back on top of it, unsaved. */
  const reloadAndReapply = async () => {
    setReloading(true);
    try {
      const latest = await fetchLatest();
      const mine = rebaseFormValues(toValues(base), form.getValues(), toValues(latest));
      setBase(latest);
      form.reset(toValues(latest));
      form.reset(mine, { keepDefaultValues: true });
      setConflict(false);
    } catch (error) {
      if (!isSessionExpiredError(error)) showAlert(alertFromError(error));
    } finally {
      setReloading(false);
    }
  };

  const cancel = () => {
    setBase(item);
    setConflict(false);
    form.reset(toValues(item));
  };

  return { submit, cancel, conflict, reloading, reloadAndReapply, isDirty };
}
