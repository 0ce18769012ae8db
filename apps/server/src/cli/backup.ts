import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupSqlite, copyStorage, defaultBackupFile } from '../db/backup';

const USAGE = `Usage:
  npm run backup -- [--to FILE] [--force] [--with-files]

  --to FILE      where the copy goes (default: DATA_DIR/backups/adstudio-<UTC time>.sqlite)
  --force        overwrite FILE (and FILE.storage/) if they exist
  --with-files   also copy the uploaded files (DATA_DIR/storage) to FILE.storage/`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `1.2 MB`: enough to tell a plausible backup from an empty one. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        to: { type: 'string' },
        force: { type: 'boolean', default: false },
        'with-files': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

try {
  const config = loadConfig();
  const { database } = config;
  if (database.kind !== 'sqlite')
    fail(
      'This command backs up SQLite only; on PostgreSQL use pg_dump (see docs/operations.md, "Backups and restore").',
    );
  const { file } = database;
  if (file === ':memory:')
    fail('The database is in memory (DATABASE_URL=sqlite::memory:): there is nothing to back up.');
  // Relative to where the command was run, like DATA_DIR (npm runs it inside the workspace).
  const to = values.to
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.to)
    : defaultBackupFile(config.dataDir);

  const backup = await backupSqlite(file, to, { force: values.force });
  console.log(`Backed up ${file} to ${backup.file} (${size(backup.bytes)}).`);
  if (values['with-files'] && config.storage.driver === 'local') {
    await copyStorage(config.storageDir, `${to}.storage`, { force: values.force });
    console.log(`Copied the stored files ${config.storageDir} to ${to}.storage/.`);
  } else if (config.storage.driver === 'local') {
    console.log(
      `Stored files (${config.storageDir}) are not in this backup: pass --with-files, or copy them yourself (rsync, cp).`,
    );
  } else {
    console.log(
      `Stored files are in the S3 bucket ${config.storage.bucket}: back it up there (versioning, replication).`,
    );
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) fail(error.message);
  throw error;
}
