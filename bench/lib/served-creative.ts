import { type Session, writeHeaders } from './load-setup';

/** A signed-in call of the API answering its `data`; anything but 2xx throws with the answer. */
export async function api(base: string, session: Session, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: writeHeaders(session),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text).data as Record<string, unknown>;
}

export { insertServedPackage } from '../../apps/server/test/support/served-package';
