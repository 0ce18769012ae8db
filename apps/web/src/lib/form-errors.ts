import { isAxiosError } from 'axios';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts a 422's `errors` on the matching form fields; returns whether any field took one. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isAxiosError(error) || error.response?.status !== 422) return false;
  const errors = (error.response.data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  let applied = false;
  for (const field of fields) {
    const messages = errors[field];
    const message = Array.isArray(messages)
      ? messages[0]
      : typeof messages === 'string'
        ? messages
        : undefined;
    if (typeof message === 'string') {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
