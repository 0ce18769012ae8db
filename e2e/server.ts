import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const E2E_PASSWORD = 'e2e-password-123';
const root = path.resolve(import.meta.dirname, '..');
const serverDist = path.join(root, 'apps/server/dist');
/** How long the server may take to migrate, seed and answer /healthz. */
const START_BOUND_MS = 90_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the bundled server (npm run build first) on a free port with a fresh DATA_DIR and demo data. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (
    !fs.existsSync(path.join(serverDist, 'server.js')) ||
    !fs.existsSync(path.join(webDist, 'index.html'))
  ) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: E2E_PASSWORD,
    SEED: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [path.join(serverDist, 'server.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // A bound, not a goal: migrating and seeding took over 30 s on a machine shared with benchmarks.
  const deadline = Date.now() + START_BOUND_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start in ${START_BOUND_MS / 1000} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    env,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a user through the real CLI against the running server's database. */
export function createUser(
  server: RunningServer,
  user: {
    email: string;
    name: string;
    permissions?: readonly string[];
    roles?: readonly string[];
    company?: string;
  },
) {
  const args = [
    path.join(serverDist, 'cli/user.js'),
    'create',
    '--email',
    user.email,
    '--name',
    user.name,
    '--password',
    E2E_PASSWORD,
  ];
  for (const p of user.permissions ?? []) args.push('--permission', p);
  for (const r of user.roles ?? []) args.push('--role', r);
  if (user.company) args.push('--company', user.company);
  execFileSync(process.execPath, args, { env: server.env, stdio: 'pipe' });
}
