import { createUser, startServer } from './server';
import { USERS } from './users';

/** One real server for the whole run; its URL reaches the workers through the environment. */
export default async function globalSetup() {
  const server = await startServer();
  for (const user of Object.values(USERS)) {
    if (user.create) createUser(server, user.create);
  }
  process.env.E2E_BASE_URL = server.url;
  return async () => server.stop();
}
