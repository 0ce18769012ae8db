import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { authFile, SAVED_ROLES, signInOnce } from './auth-state';
import { launchOptions } from './browser';
import { createUser, startServer } from './server';
import { USERS } from './users';

/**
 * One real server for the whole run, and each role signed in once: its cookies are saved for the
 * specs' `storageState`. The URL and the state directory reach the workers through the environment.
 */
export default async function globalSetup() {
  // Data sources may reach the server itself (its /healthz), which the SSRF guard refuses otherwise.
  const server = await startServer({
    DATASOURCE_ALLOW_HOSTS: '127.0.0.1',
    CHROMIUM_PATH: '/usr/bin/chromium',
  });
  for (const user of Object.values(USERS)) {
    if (user.create) createUser(server, user.create);
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_AUTH_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-e2e-auth-'));
  const browser = await chromium.launch(launchOptions);
  try {
    for (const role of SAVED_ROLES) {
      const context = await browser.newContext({ baseURL: server.url });
      await signInOnce(await context.newPage(), role);
      await context.storageState({ path: authFile(role) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return async () => {
    await server.stop();
    fs.rmSync(process.env.E2E_AUTH_DIR ?? '', { recursive: true, force: true });
  };
}
