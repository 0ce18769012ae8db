import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { FeedError, type FeedTable } from '../../feeds/feed-table';
import { readFeedFile } from '../../feeds/read-feed-file';
import { downloadSheetExport, readSheetValues } from '../../feeds/sources/google-sheets';
import { parseJson } from '../../lib/json';
import { type RefusalLog, SafeFetchError, safeFetchToFile } from '../../net/safe-fetch';
import type { ObjectStore } from '../../storage/object-store';
import type { ProfileRow } from './profiles.repository';

/** How long the download of a feed may take. */
const FEED_FETCH_MS = 120_000;

export interface OpenedFeed {
  table: FeedTable;
  /** Removes what reading it needed (a downloaded file, what the table holds). */
  close(): Promise<void>;
}

/** The feed with what to remove once done: the table's own first, then the file it was read from. */
const opened = (table: FeedTable, release: () => Promise<void>): OpenedFeed => ({
  table,
  close: async () => {
    try {
      await table.close?.();
    } finally {
      await release();
    }
  },
});

/** A temporary file for one download, in a folder of its own. */
async function scratchFile(name: string) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'adstudio-feed-'));
  return {
    file: path.join(dir, name),
    remove: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Opens a profile's feed as a table, wherever it comes from (docs/design.md §10): a Google Sheet
 * (its XLSX export, or the Sheets API with a service account), an uploaded file, or a URL fetched
 * through the SSRF guard. Faults that make the feed unusable are FeedErrors with a user's message.
 */
export async function openFeed(
  profile: ProfileRow,
  feeds: Config['feeds'],
  localFile: ObjectStore['localFile'],
  log?: RefusalLog,
): Promise<OpenedFeed> {
  const ranges = parseJson<string[]>(profile.ranges, []);
  const none = async () => undefined;
  switch (profile.source) {
    case 'upload': {
      if (!profile.file_key) throw new FeedError('The profile has no uploaded file. Upload one.');
      const local = await localFile(profile.file_key);
      try {
        return opened(
          await readFeedFile(local.path, { kind: 'auto', ranges, maxBytes: feeds.maxBytes }),
          local.release,
        );
      } catch (error) {
        await local.release();
        throw error;
      }
    }
    case 'url': {
      if (!profile.url) throw new FeedError('The profile has no feed URL.');
      const scratch = await scratchFile('feed');
      try {
        const answer = await safeFetchToFile(profile.url, scratch.file, {
          timeoutMs: FEED_FETCH_MS,
          maxBytes: feeds.maxBytes,
          allowHosts: feeds.allowHosts,
          log,
        });
        if (answer.status !== 200)
          throw new FeedError(`The feed URL answered ${answer.status}. Check the address and try again.`);
        const table = await readFeedFile(scratch.file, { kind: 'auto', ranges, maxBytes: feeds.maxBytes });
        return opened(table, scratch.remove);
      } catch (error) {
        await scratch.remove();
        if (error instanceof SafeFetchError) throw new FeedError(error.message);
        throw error;
      }
    }
    default: {
      if (!profile.gsheet_id) throw new FeedError('The profile has no Google Sheet.');
      if (feeds.credentialsFile) {
        // Without ranges, the first tab: one column more than a feed may have, so too many columns show.
        const table = await readSheetValues(profile.gsheet_id, ranges.length > 0 ? ranges : ['A:CW'], {
          apiUrl: feeds.sheetsApiUrl,
          credentialsFile: feeds.credentialsFile,
          tokenUrl: feeds.tokenUrl,
          timeoutMs: FEED_FETCH_MS,
        });
        return { table, close: none };
      }
      const scratch = await scratchFile('sheet.xlsx');
      try {
        const { revision } = await downloadSheetExport(profile.gsheet_id, scratch.file, {
          exportUrlTemplate: feeds.sheetsExportUrl,
          maxBytes: feeds.maxBytes,
          timeoutMs: FEED_FETCH_MS,
        });
        const table = await readFeedFile(scratch.file, { kind: 'xlsx', ranges, maxBytes: feeds.maxBytes });
        return opened({ ...table, revision: revision ?? table.revision }, scratch.remove);
      } catch (error) {
        await scratch.remove();
        throw error;
      }
    }
  }
}
