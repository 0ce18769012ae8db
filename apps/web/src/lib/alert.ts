import { NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@adstudio/contract';
import { isApiError } from './api-client';
import { createStore, useStore } from './store';

/** The alert payload of spec section 3. */
export type AlertErrors = Record<string, readonly string[] | string>;

/** Where the banner's Open goes: `{name}.view` with `id`, on one of its tabs (`?tab=`) when given. */
export interface GoToView {
  name: string;
  id: string | number;
  tab?: string | null;
}

export interface AlertPayload {
  status: number;
  data?: {
    message?: string | null;
    errors?: AlertErrors | null;
    description?: readonly string[] | null;
  } | null;
  statusText?: string | null;
  color?: string | null;
  timeout?: number | null;
  goToView?: GoToView | null;
  /**
   * The job this alert tells the progress of ("version 2 uploaded; unpacking it…"), named by its
   * feature (`package:12:unpack`): the job's outcome replaces it (showOutcome).
   */
  progressOf?: string | null;
}

export type AlertType = 'success' | 'error' | 'info';

/** Spec section 8: status → type and default text. */
export const ALERT_TYPES: Readonly<Record<number, { type: AlertType; text: string }>> = {
  200: { type: 'success', text: 'Action successful' },
  401: { type: 'error', text: "You don't have sufficient permissions to perform this action" },
  403: { type: 'error', text: 'Unauthenticated' },
  404: { type: 'error', text: NOT_FOUND_MESSAGE },
  422: { type: 'error', text: 'The data provided was invalid' },
  500: { type: 'error', text: SERVER_ERROR_MESSAGE },
  501: { type: 'error', text: SERVER_ERROR_MESSAGE },
};

export const ALERT_TIMEOUT_MS = 6000;
export const ALERT_MULTILINE_OVER = 50;
export const SESSION_EXPIRED_TEXT = SESSION_EXPIRED_MESSAGE;

export function alertType(status: number): AlertType {
  const known = ALERT_TYPES[status];
  if (known) return known.type;
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400) return 'error';
  return 'info';
}

const firstText = (value: readonly string[] | string | undefined | null): string | undefined => {
  if (typeof value === 'string') return value || undefined;
  return value?.find((entry) => typeof entry === 'string' && entry !== '');
};

/**
 * Spec section 8's message order: the first message of the first field in `errors`, else the
 * response message, else the status text, else the first description entry, else the default
 * text of the status. Empty means the banner stays hidden.
 */
export function alertMessage(payload: AlertPayload): string {
  const errors = payload.data?.errors;
  if (errors) {
    const firstField = Object.values(errors)[0];
    const text = firstText(firstField);
    if (text) return text;
  }
  if (payload.data?.message) return payload.data.message;
  if (payload.statusText) return payload.statusText;
  const description = firstText(payload.data?.description);
  if (description) return description;
  return ALERT_TYPES[payload.status]?.text ?? '';
}

export interface ResolvedAlert {
  type: AlertType;
  message: string;
  color: string;
  timeout: number;
  multiLine: boolean;
  goToView: GoToView | null;
}

export function resolveAlert(payload: AlertPayload): ResolvedAlert {
  const type = alertType(payload.status);
  const message = alertMessage(payload);
  return {
    type,
    message,
    color: payload.color || type,
    timeout: payload.timeout && payload.timeout > 0 ? payload.timeout : ALERT_TIMEOUT_MS,
    multiLine: message.length > ALERT_MULTILINE_OVER,
    goToView: payload.goToView ?? null,
  };
}

/**
 * The "status text" of spec section 8's message order: the table's default text for the status,
 * and the HTTP reason phrase ("Conflict") only for statuses the table does not list.
 */
export const statusText = (status: number, reasonPhrase?: string | null): string | null =>
  ALERT_TYPES[status]?.text ?? (reasonPhrase || null);

/** Turns a failed request into an alert payload (the server's body is `{message, errors?}`). */
export function alertFromError(error: unknown): AlertPayload {
  if (isApiError(error) && error.response) {
    const body = error.response.data as Record<string, unknown> | string | undefined;
    const data = typeof body === 'object' && body !== null ? body : undefined;
    return {
      status: error.response.status,
      data: {
        message: typeof data?.message === 'string' ? data.message : null,
        errors:
          typeof data?.errors === 'object' && data.errors !== null ? (data.errors as AlertErrors) : null,
      },
      statusText: statusText(error.response.status, error.response.statusText),
    };
  }
  if (isApiError(error)) {
    return { status: 0, data: { message: 'Cannot reach the server. Check your connection and try again.' } };
  }
  return { status: 0, data: { message: error instanceof Error ? error.message : 'Something went wrong.' } };
}

export interface AlertState {
  id: number;
  payload: AlertPayload | null;
}

const alertStore = createStore<AlertState>({ id: 0, payload: null });

/** Shows an alert; a new one replaces the one shown. */
export function showAlert(payload: AlertPayload): void {
  alertStore.set({ id: alertStore.get().id + 1, payload });
}

/**
 * Tells how a job ended: it replaces the banner while the banner still shows that job's progress,
 * or shows when the banner is empty; a newer alert about anything else stays. Answers whether it showed.
 */
export function showOutcome(job: string, payload: AlertPayload): boolean {
  const shown = alertStore.get().payload;
  if (shown && alertMessage(shown) && shown.progressOf !== job) return false;
  showAlert(payload);
  return true;
}

export function clearAlert(): void {
  alertStore.set({ id: alertStore.get().id, payload: null });
}

export const getAlert = (): AlertState => alertStore.get();
export const useAlert = (): AlertState => useStore(alertStore);
