import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine } from '../helper';
import { freePort, runServer as run, waitUntilUp } from '../support/server-process';

// The process is engine-independent (it starts on its default SQLite); running it once is enough.
describe.skipIf(engine === 'postgres')('the server process', () => {
  it('stops at start with one line naming an invalid variable', async () => {
    const proc = run({ PORT: 'eighty', DATA_DIR: os.tmpdir() });
    expect(await proc.exited).toBe(1);
    expect(proc.output().stderr.trim()).toMatch(/^adstudio: Invalid PORT \("eighty"\): [^\n]+$/);
  }, 20_000);

  it('starts on an empty database, prints how to sign in, and drains on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-proc-'));
    const port = await freePort();
    const proc = run({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
    });
    try {
      const up = await waitUntilUp(`http://127.0.0.1:${port}/healthz`, proc);
      expect(up).toBe(true);
      const printed = proc.output().stdout;
      expect(printed).toContain(`Adstudio is running at http://localhost:${port}`);
      expect(printed).toMatch(/Sign in as admin@example\.com/);
      const password = printed.match(/Password: (\S+) {3}\(shown once/)?.[1];
      expect(password).toBeDefined();
      expect(fs.existsSync(path.join(dataDir, 'adstudio.sqlite'))).toBe(true);

      // The printed password really signs in.
      const guest = await fetch(`http://127.0.0.1:${port}/healthz`);
      const xsrf = guest.headers
        .getSetCookie()
        .find((c) => c.startsWith('XSRF-TOKEN='))!
        .split(';')[0]!
        .split('=')[1]!;
      const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: 'admin@example.com', password }),
      });
      expect(login.status).toBe(200);

      const inFlight = fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status);
      proc.child.kill('SIGTERM');
      expect(await inFlight).toBe(200);
      expect(await proc.exited).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
