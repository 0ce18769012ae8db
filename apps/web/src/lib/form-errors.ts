import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from './api-client';

/** The first message of each key of a 422's `errors` (`{name: ['…'], 'ranges.1.start': ['…']}`). */
export function serverErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.response?.status !== 422) return {};
  const errors = (error.response.data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const messages: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === 'string' && message) messages[key] = message;
  }
  return messages;
}

/** Whether `values` has the (dotted) path `key`, e.g. `ranges.1.start`. */
export function hasPath(values: unknown, key: string): boolean {
  let node: unknown = values;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/** Which form field a 422's key belongs to (a body's `default_roles.0` is the form's `roles`), if any. */
export type FieldOf = (key: string, values: unknown) => string | undefined;

/** The field of the same name, when the form's values have it. */
const sameField: FieldOf = (key, values) => (hasPath(values, key) ? key : undefined);

/**
 * Splits a 422's messages into those a form shows on its fields (any key `fieldOf` places: by
 * default a key its values have) and the rest, which the form shows above its buttons.
 */
export function splitServerErrors(
  messages: Record<string, string>,
  values: unknown,
  fieldOf: FieldOf = sameField,
): { fields: [string, string][]; rest: string[] } {
  const fields: [string, string][] = [];
  const rest: string[] = [];
  for (const [key, message] of Object.entries(messages)) {
    const field = fieldOf(key, values);
    if (field !== undefined) fields.push([field, message]);
    else rest.push(message);
  }
  return { fields, rest };
}

/** The form-level error that carries a 422's messages for keys the form has no field for. */
export const SERVER_ROOT_ERROR = 'root.server' as const;

/**
 * Puts every message of a 422 where the user sees it: on its field when the form has one (the first
 * takes the focus), the others together in the form's `root.server` error. Returns whether any did.
 */
export function showServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  fieldOf?: FieldOf,
): boolean {
  const { fields, rest } = splitServerErrors(serverErrors(error), form.getValues(), fieldOf);
  fields.forEach(([key, message], index) => {
    form.setError(key as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  if (rest.length) form.setError(SERVER_ROOT_ERROR, { type: 'server', message: rest.join(' ') });
  return fields.length + rest.length > 0;
}

/**
 * Puts a write's failure where the user sees it: a 422's messages on their fields (showServerErrors),
 * anything else — a refusal without fields, a network error — in words as the form's root error.
 */
export function showFailure<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  fieldOf?: FieldOf,
): void {
  if (!showServerErrors(form, error, fieldOf))
    form.setError(SERVER_ROOT_ERROR, { type: 'server', message: errorMessage(error) });
}

/** Puts a 422's `errors` on the named form fields only; returns whether any field took one. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const messages = serverErrors(error);
  const named = fields.filter((field) => messages[field] !== undefined);
  named.forEach((field, index) => {
    setError(field, { type: 'server', message: messages[field] }, { shouldFocus: index === 0 });
  });
  return named.length > 0;
}
