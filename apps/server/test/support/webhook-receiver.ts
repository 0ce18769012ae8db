import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A POST a webhook receiver got: its path, headers and raw body. */
export interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver the test runs on 127.0.0.1: it records every request and answers the next of
 * `answers` (200 when empty) with `ok` or "not now", unless `route` answers first (a redirect).
 */
export async function startReceiver({
  ok = 'thanks',
  route,
}: {
  ok?: string;
  route?: (request: Received) => { status: number; headers?: Record<string, string> } | undefined;
} = {}) {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const routed = route?.(request);
      if (routed) {
        res.writeHead(routed.status, routed.headers).end();
        return;
      }
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? ok : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** Statuses to answer next, first first. */
    answers,
    /** Forgets what was received and what is to be answered (between tests). */
    reset: () => {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The signature checked as a receiver would, from the secret alone, within five minutes. */
export function signedWith(secret: string, { headers, body }: Received): boolean {
  const [, at, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-adstudio-signature'])) ?? [];
  const expected = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return v1 === expected && Math.abs(Date.now() / 1000 - Number(at)) < 300;
}
