import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { alertFromError, showAlert } from './alert';
import { errorStatus, isSessionExpiredError } from './api-client';
import { getUser } from './auth';
import { clearFormDraft, type FormDraft, formDraftKey, readFormDraft, saveFormDraft } from './form-drafts';
import { showServerErrors } from './form-errors';
import { rebaseFormValues, sameFormValues } from './form-rebase';

/**
 * An edit form over a versioned item (docs/design.md §4, lost updates). A save sends the
 * `updated_at` of the version the form was loaded from; when the item changed meanwhile (409) the
 * form offers to reload it and re-apply the user's edits on top. A save that meets an expired
 * session keeps the edits (lib/form-drafts), and the form offers them back after sign-in.
 */
export function useVersionedForm<I extends { id: number; updated_at: string }, V extends FieldValues, O>({
  noun,
  item,
  form,
  toValues,
  save,
  fetchLatest,
  savedMessage,
}: {
  /** What the form edits ("campaign"): names its kept edits, with the item's id. */
  noun: string;
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
  const draftKey = formDraftKey(noun, item.id);
  // Edits kept from before the session expired, offered until restored or discarded.
  const [draft, setDraft] = useState<FormDraft<V> | null>(() => {
    const kept = readFormDraft<V>(draftKey, getUser()?.id);
    return kept && !sameFormValues(kept.values, toValues(item)) ? kept : null;
  });

  // A newer version arrived (the user's own status move, a refetch): an untouched form shows it; an
  // edited one moves onto it only when its fields are as loaded, so no one else's change is hidden.
  useEffect(() => {
    if (item.updated_at === base.updated_at) return;
    if (!isDirty) form.reset(toValues(item));
    else if (!sameFormValues(toValues(item), toValues(base))) return;
    setBase(item);
  }, [item, base, isDirty, form, toValues]);

  const submit = (values: O) => {
    // Read before the request: an expired session signs the user out before the answer arrives.
    const user = getUser()?.id;
    return save(values, base.updated_at).then(
      (saved) => {
        setBase(saved);
        setConflict(false);
        form.reset(toValues(saved));
        clearFormDraft(draftKey);
        setDraft(null);
        showAlert({ status: 200, data: { message: savedMessage } });
      },
      (error: unknown) => {
        if (errorStatus(error) === 409) return setConflict(true);
        if (isSessionExpiredError(error)) {
          if (user !== undefined) {
            saveFormDraft(draftKey, { user, loaded: toValues(base), values: form.getValues() });
          }
          return;
        }
        showAlert(alertFromError(error));
        showServerErrors(form, error);
      },
    );
  };

  /** Puts the kept edits back, on top of the version loaded now (it may have changed meanwhile). */
  const restoreDraft = () => {
    if (!draft) return;
    const mine = rebaseFormValues(draft.loaded, draft.values, toValues(base));
    form.reset(toValues(base));
    form.reset(mine, { keepDefaultValues: true });
    clearFormDraft(draftKey);
    setDraft(null);
  };

  const discardDraft = () => {
    clearFormDraft(draftKey);
    setDraft(null);
  };

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

  return {
    noun,
    submit,
    cancel,
    conflict,
    reloading,
    reloadAndReapply,
    isDirty,
    hasDraft: draft !== null,
    restoreDraft,
    discardDraft,
  } satisfies VersionedFormState & Record<string, unknown>;
}

/** What a versioned form tells its user beside the fields: a conflict, or edits kept from before. */
export interface VersionedFormState {
  noun: string;
  conflict: boolean;
  reloading: boolean;
  reloadAndReapply: () => Promise<void>;
  hasDraft: boolean;
  restoreDraft: () => void;
  discardDraft: () => void;
}
