import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { withThrowawayDir } from './lib/throwaway-db';

/**
 * A 1 GB upload to the real server process: its peak memory (VmHWM) must stay flat, because the
 * signed PUT streams to disk. The server runs in its own process so the client's buffers don't count.
 */
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
await withThrowawayDir('adstudio-bench-upload-', async (dataDir, beforeRemoving) => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/server.ts')],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        ADMIN_PASSWORD: 'bench-password',
        SEED: 'false',
        LOG_LEVEL: 'warn',
        MAX_UPLOAD_MB: '4096',
        DATABASE_URL: '',
      },
      stdio: 'ignore',
    },
  );
  const peakKb = () => {
    // tsx starts node as a child; the server is the process that listens, i.e. the newest node below us.
    const status = fs.readFileSync(`/proc/${serverPid}/status`, 'utf8');
    return Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  };
  // Stop the server before its folder goes; an interrupted upload would hold its graceful close.
  beforeRemoving(async () => {
    const exited = new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    server.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const pid of new Set([serverPid, server.pid!])) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
  });
  let serverPid = server.pid!;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 150) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const children = fs
    .readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (children[0]) serverPid = Number(children[0]);

  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return res;
  };
  await call('GET', '/healthz');
  await call('POST', '/auth/login', { email: 'admin@example.com', password: 'bench-password' });
  const { url } = (await (
    await call('POST', '/vapor/signed-storage-url', { content_type: 'application/zip' })
  ).json()) as { url: string };

  const before = peakKb();
  const chunk = Buffer.alloc(1024 * 1024, 7);
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent >= SIZE) return this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  const t0 = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PUT', headers: { 'content-type': 'application/zip', 'content-length': SIZE } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    pipeline(body, req).catch(reject);
  });
  const seconds = (performance.now() - t0) / 1000;
  const after = peakKb();
  const mb = SIZE / 1024 / 1024;
  console.log(
    `upload of ${mb.toFixed(0)} MB: HTTP ${status} in ${seconds.toFixed(1)} s (${(mb / seconds).toFixed(0)} MB/s)`,
  );
  console.log(
    `server peak RSS: ${(before / 1024).toFixed(0)} MB before, ${(after / 1024).toFixed(0)} MB after; growth ${((after - before) / 1024).toFixed(1)} MB = ${((((after - before) * 1024) / SIZE) * 100).toFixed(2)}% of the file`,
  );
});
