import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showAlert } from './alert';
import { errorMessage, errorStatus } from './api-client';
import { SERVER_ROOT_ERROR, showServerErrors } from './form-errors';

/**
 * The save of a create-or-edit dialog (a publisher, a template): on success a "saved" alert and
 * the dialog closes; a 422 puts each message on its field; a 409 (someone else saved meanwhile)
 * and anything else show above the form, which stays open with what was typed.
 */
export function dialogSave<TValues extends FieldValues, TSaved extends { name: string }>(
  form: UseFormReturn<TValues, unknown, unknown>,
  { noun, save, onClose }: { noun: string; save: () => Promise<TSaved>; onClose: () => void },
): Promise<void> {
  return save().then(
    (saved) => {
      showAlert({ status: 200, data: { message: `${capitalize(noun)} "${saved.name}" saved.` } });
      onClose();
    },
    (error: unknown) => {
      if (errorStatus(error) === 409) {
        form.setError(SERVER_ROOT_ERROR, {
          type: 'server',
          message: `Someone else changed this ${noun} meanwhile. Close it and open it again.`,
        });
      } else if (!showServerErrors(form, error)) {
        form.setError(SERVER_ROOT_ERROR, { type: 'server', message: errorMessage(error) });
      }
    },
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
