import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup that cannot be made, said in one line for the operator. */
export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
}

/** Where a backup goes by default: `DATA_DIR/backups/adstudio-2026-01-31T12-00-00Z.sqlite` (UTC). */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.join(dataDir, 'backups', `adstudio-${stamp}.sqlite`);
}

/** Refuses to replace a file unless told to: a backup must never overwrite an earlier one by mistake. */
function checkTarget(to: string, force: boolean) {
  if (fs.existsSync(to) && !force)
    throw new BackupError(`${to} already exists; pass --force to overwrite it.`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
}

/**
 * Copies the SQLite database `source` to `to` with SQLite's online backup API, while the server
 * keeps running and writing. The source is opened read-only, so the copy never writes to it; in
 * WAL mode its read snapshot blocks no writer, and a write between two steps restarts the copy, so
 * it is always one consistent state. After the first step the rest is copied in one step, so
 * steady writes cannot keep restarting it. The copy is written beside `to` and renamed at the end
 * (never a half-written backup under the final name), and put in rollback-journal mode: one
 * self-contained file, with no -wal beside it.
 */
export async function backupSqlite(
  source: string,
  to: string,
  { force = false }: { force?: boolean } = {},
): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  checkTarget(to, force);
  const partial = `${to}.partial`;
  fs.rmSync(partial, { force: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(partial, { progress: () => Number.MAX_SAFE_INTEGER });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
  const copy = new SQLite(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.renameSync(partial, to);
  return { file: to, bytes: fs.statSync(to).size };
}

/**
 * Copies the uploaded files (DATA_DIR/storage) to `to`, which must not exist yet unless `force`.
 * Taken after the database backup, so the files that backup's rows name are in it (unless deleted
 * meanwhile); files written meanwhile may be in it too, which is harmless.
 */
export async function copyStorage(storageDir: string, to: string, { force = false } = {}): Promise<void> {
  if (!fs.existsSync(storageDir)) throw new BackupError(`There are no stored files at ${storageDir}.`);
  checkTarget(to, force);
  await fs.promises.cp(storageDir, to, { recursive: true, force: true });
}
