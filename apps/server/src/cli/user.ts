import { parseArgs } from 'node:util';
import { PERMISSIONS, ROLES } from '@adstudio/contract';
import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword } from '../lib/passwords';
import { createCompaniesRepository, createUsersRepository } from '../modules/users';

const USAGE = `Usage:
  npm run user -- create --email E --name N --password P [--role admin] [--permission "edit campaigns" …] [--company NAME]
  npm run user -- password --email E --password P`;

const fail = (message: string): never => {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
};

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', multiple: true, default: [] },
    permission: { type: 'string', multiple: true, default: [] },
    company: { type: 'string' },
  },
});

const db = createDb(loadConfig().database);
try {
  await migrateToLatest(db);
  const users = createUsersRepository(db);
  const email = values.email ?? fail('--email is required');
  const password = values.password ?? fail('--password is required');
  if (password.length < 8) fail('--password must be at least 8 characters');

  if (command === 'create') {
    const name = values.name ?? fail('--name is required');
    for (const role of values.role)
      if (!(ROLES as readonly string[]).includes(role)) fail(`Unknown role: ${role}`);
    for (const p of values.permission)
      if (!(PERMISSIONS as readonly string[]).includes(p)) fail(`Unknown permission: ${p}`);
    if (await users.findByEmail(email)) fail(`A user with email ${email} already exists`);
    const companies = createCompaniesRepository(db);
    const company = values.company
      ? ((await companies.findByName(values.company)) ?? (await companies.insert(values.company)))
      : ((await companies.first()) ?? (await companies.insert('My company')));
    const user = await users.insert({
      company_id: company.id,
      name,
      email,
      password_hash: await hashPassword(password),
      roles: JSON.stringify(values.role),
      permissions: JSON.stringify(values.permission),
    });
    console.log(`Created user #${user.id} ${user.email} in company "${company.name}"`);
  } else if (command === 'password') {
    const user = (await users.findByEmail(email)) ?? fail(`No user with email ${email}`);
    await users.update(user.id, { password_hash: await hashPassword(password) });
    console.log(`Password changed for ${user.email}`);
  } else {
    fail(`Unknown command: ${command ?? '(none)'}`);
  }
} finally {
  await db.destroy();
}
