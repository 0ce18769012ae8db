import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { prepareDatabase } from './seed-demo';

/** Seeds an empty database (company, admin, demo data); leaves a used one alone. */
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const result = await prepareDatabase(db, { ...config, seed: true });
  if (!result.demoUsers.length) console.log('The database already has users; nothing seeded.');
  else {
    console.log(`Seeded demo data. Sign in as ${config.admin.email}, ${result.demoUsers.join(', ')}`);
    if (result.adminPassword) console.log(`Password (shown once): ${result.adminPassword}`);
  }
} finally {
  await db.destroy();
}
