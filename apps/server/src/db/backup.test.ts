import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupSqlite, copyStorage, defaultBackupFile } from './backup';

let dir: string;
let source: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-backup-'));
  source = path.join(dir, 'live.sqlite');
  const db = new SQLite(source);
  db.pragma('journal_mode = WAL');
  db.exec('create table items (id integer primary key, body text not null)');
  // A few MB, so the copy takes several steps while the writer runs.
  const insert = db.prepare('insert into items (body) values (?)');
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) insert.run('x'.repeat(200));
  })();
  db.close();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Another connection, on another thread, inserting rows one transaction at a time as fast as it
 * can (the server writing) until stopped; it answers how many it wrote.
 */
function startWriter(file: string) {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const SQLite = require(workerData.module);
     const db = new SQLite(workerData.file);
     db.pragma('busy_timeout = 5000');
     const insert = db.prepare('insert into items (body) values (?)');
     let written = 0;
     parentPort.postMessage('started');
     while (Atomics.load(workerData.stop, 0) === 0) { insert.run('y'.repeat(200)); written++; }
     db.close();
     parentPort.postMessage(written);`,
    {
      eval: true,
      workerData: { file, stop, module: createRequire(import.meta.url).resolve('better-sqlite3') },
    },
  );
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const started = next();
  return {
    started,
    async stop(): Promise<number> {
      const written = next();
      Atomics.store(stop, 0, 1);
      const count = (await written) as number;
      await worker.terminate();
      return count;
    },
  };
}

const open = (file: string) => new SQLite(file, { readonly: true, fileMustExist: true });

describe('backupSqlite', () => {
  it('copies a database another connection keeps writing to into a complete, valid file', async () => {
    const writer = startWriter(source);
    await writer.started;
    const to = path.join(dir, 'backups', 'copy.sqlite');
    const result = await backupSqlite(source, to);
    const written = await writer.stop();

    expect(written).toBeGreaterThan(0);
    expect(result).toEqual({ file: to, bytes: fs.statSync(to).size });
    expect(fs.existsSync(`${to}.partial`)).toBe(false);
    expect(fs.existsSync(`${to}-wal`)).toBe(false);
    const copy = open(to);
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      const { count, last } = copy.prepare('select count(*) as count, max(id) as last from items').get() as {
        count: number;
        last: number;
      };
      // One consistent state: every row up to the last one copied, none torn, at least the first 20,000.
      expect(count).toBe(last);
      expect(count).toBeGreaterThanOrEqual(20_000);
    } finally {
      copy.close();
    }
  });

  it('refuses to overwrite an existing file unless forced', async () => {
    const to = path.join(dir, 'copy.sqlite');
    fs.writeFileSync(to, 'an earlier backup');
    await expect(backupSqlite(source, to)).rejects.toThrow(BackupError);
    expect(fs.readFileSync(to, 'utf8')).toBe('an earlier backup');
    await backupSqlite(source, to, { force: true });
    const copy = open(to);
    expect(copy.prepare('select count(*) as count from items').get()).toEqual({ count: 20_000 });
    copy.close();
  });

  it('says so when there is no database to back up', async () => {
    await expect(backupSqlite(path.join(dir, 'none.sqlite'), path.join(dir, 'copy.sqlite'))).rejects.toThrow(
      /There is no database at/,
    );
  });
});

describe('copyStorage', () => {
  it('copies the stored files, and refuses to copy over an earlier copy unless forced', async () => {
    const storage = path.join(dir, 'storage');
    fs.mkdirSync(path.join(storage, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'assets', 'a.png'), 'png');
    const to = path.join(dir, 'copy.sqlite.storage');
    await copyStorage(storage, to);
    expect(fs.readFileSync(path.join(to, 'assets', 'a.png'), 'utf8')).toBe('png');
    await expect(copyStorage(storage, to)).rejects.toThrow(BackupError);
    await copyStorage(storage, to, { force: true });
  });
});

describe('defaultBackupFile', () => {
  it('names the backup after the UTC time, without characters some file systems refuse', () => {
    expect(defaultBackupFile('/data', new Date('2026-01-31T12:34:56.789Z'))).toBe(
      path.join('/data', 'backups', 'adstudio-2026-01-31T12-34-56Z.sqlite'),
    );
  });
});
