import { isIP } from 'node:net';
import { unprocessable } from '../lib/http-errors';
import { addressPolicy, unbracket } from './blocked-addresses';
import { unreachableMessage } from './safe-fetch';

/**
 * Names that can only mean a host inside: RFC 6761's `localhost`, mDNS's `.local`, the private-use
 * `.internal` (cloud metadata, e.g. `metadata.google.internal`) and `.home.arpa`, and names of one
 * label, which resolve through the local search domains alone.
 */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$|^[^.]+$/;

/**
 * The host of a URL that the SSRF guard will refuse whatever DNS answers, so that a URL is refused
 * when it is saved rather than at each fetch: an internal address in any spelling the URL parser
 * takes (`0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`), or an internal name — unless
 * `DATASOURCE_ALLOW_HOSTS` names it. A public name that resolves inside is left to the fetch's own
 * check: DNS may answer otherwise by then, and resolving here would tell a form which internal names
 * exist. Undefined when the guard may reach it, or when the host is not known yet (a placeholder).
 */
export function unreachableHost(url: string, allowHosts: readonly string[]): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  if (!hostname || hostname.includes('{') || hostname.includes('%7B')) return undefined;
  const host = unbracket(hostname).replace(/\.$/, '');
  const policy = addressPolicy(allowHosts);
  if (isIP(host)) return policy.permits(host, [host]) ? undefined : hostname;
  return INTERNAL_NAME.test(host) && !policy.permits(host, []) ? hostname : undefined;
}

/** Refuses (422 on `field`) a URL the guard would refuse whatever DNS answers; nothing for an absent one. */
export type SavedUrlCheck = (url: string | null | undefined, field?: string) => void;

/** The check of URLs when they are saved (webhooks, data sources, feeds), with the operator's allow-list. */
export const savedUrlCheck =
  (allowHosts: readonly string[]): SavedUrlCheck =>
  (url, field = 'url') => {
    const host = url ? unreachableHost(url, allowHosts) : undefined;
    if (host) throw unprocessable({ [field]: [unreachableMessage(host)] });
  };
