/**
 * A closed loop at full speed driven by wrk (Debian's `wrk`, C and LuaJIT) instead of autocannon:
 * on a 2-core machine the load generator shares the cores with the servers, and autocannon (Node)
 * spends about as much CPU per request as a cheap answer does, so with one server the two cores are
 * full and a second server has nothing left to run on. wrk spends a fraction of that, which leaves
 * a second instance a core of its own — what a throughput comparison of one and two instances needs.
 *
 * The requests are cycled by a generated Lua script (wrk's `request()`), one script per run; the
 * figures come back as one JSON line printed by its `done()`.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PacedRequest } from './paced-load';

export interface ClosedFigures {
  /** Answered per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx/3xx, connection errors and timeouts. */
  errors: number;
}

/** Whether `wrk` is on the PATH (answers its path, or undefined). */
export function wrkPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A Lua string literal of printable ASCII (what the requests are made of). */
function lua(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${JSON.stringify(text)}`);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function script(requests: PacedRequest[]): string {
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
      .join(', ');
    return `    wrk.format(${lua(r.method)}, ${lua(r.path)}, { ${headers} }),`;
  });
  // Formatted in init(): wrk.format adds the Host header, which wrk knows only by then.
  return `local requests
init = function(_)
  requests = {
${formatted.join('\n')}
  }
end
local i = 0
request = function()
  i = i % #requests + 1
  return requests[i]
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"errors":%d,"p50":%.0f,"p99":%.0f}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** One closed-loop run of `connections` connections (one wrk thread) against `base` for `seconds` whole seconds. */
export function wrkLoad(options: {
  base: string;
  requests: PacedRequest[];
  connections: number;
  seconds: number;
}): Promise<ClosedFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-wrk-'));
  const file = path.join(dir, 'requests.lua');
  fs.writeFileSync(file, script(options.requests));
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${Math.max(1, Math.round(options.seconds))}s`,
    '--timeout',
    '5s',
    '-s',
    file,
    options.base,
  ];
  return new Promise<ClosedFigures>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited with ${code}: ${out.slice(-500)}`));
        return;
      }
      const r = JSON.parse(line) as {
        requests: number;
        us: number;
        errors: number;
        p50: number;
        p99: number;
      };
      resolve({
        rps: r.requests / (r.us / 1e6),
        p50: Math.round(r.p50 / 100) / 10,
        p99: Math.round(r.p99 / 100) / 10,
        errors: r.errors,
      });
    });
  }).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}
