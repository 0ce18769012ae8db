import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assetKindOf,
  DEFAULT_CONTENT_TYPE,
  looksLikeImageUrl,
  type ProcessingAsset,
  type ProcessingKind,
  type User,
} from '@adstudio/contract';
import type { Transactor } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { SafeFetchError } from '../../net/safe-fetch';
import { sniffFile } from '../../storage/content-sniffer';
import type { MediaProbe } from '../../storage/media-probe';
import { judgeContent } from '../uploads';
import type { createProcessingAssetsRepository, ProcessingAssetRow } from './processing-assets.repository';

export const PROCESSING_JOB = 'processing-assets.make';
/** Tries of one item before it is `failed`: network faults and 5xx answers are tried again. */
export const PROCESSING_ATTEMPTS = 3;
/** How long fetching one image URL may take. */
export const PROCESSING_FETCH_TIMEOUT_MS = 30_000;

export const NO_CHROMIUM =
  'Backup images are rendered by headless Chromium, which this server does not have (CHROMIUM_PATH).';
export const NO_PACKAGE =
  'Approve an HTML5 package of this creative first: the backup image is a render of it.';
export const MADE_NOTHING = 'The server could not keep this file. Try again.';
const NO_SIZE = 'The creative has no size to render its backup image at.';

const BACKUP_SLOT = '';
const NO_SOURCE = 'none';
const THUMBNAIL_TYPE = 'image/webp';
const PNG = 'image/png';

/** A fault worth another try (the queue retries the job); anything else fails the item at once. */
class Transient extends Error {}

interface Deps {
  items: ReturnType<typeof createProcessingAssetsRepository>;
  /** The company's live creative (the creatives slice answers it): its profile and size. */
  creative(
    companyId: number,
    id: number,
  ): Promise<{ id: number; profile_id: number | null; width: number; height: number } | undefined>;
  files: {
    /** Stores the file at `file` under `key`. */
    storeFile(key: string, file: string): Promise<unknown>;
    store(key: string, bytes: Buffer): Promise<unknown>;
    remove(keys: readonly string[]): Promise<void>;
    readUrl(key: string, contentType: string): string;
  };
  /** Fetches a user-given URL into `file` through the SSRF guard; answers the HTTP status. */
  fetchFile(url: string, file: string): Promise<{ status: number }>;
  media: MediaProbe;
  /** Renders a package for a rule into a PNG `file`; undefined when the server has no Chromium. */
  render?: (
    packageId: number,
    ruleId: number,
    size: { width: number; height: number },
    file: string,
  ) => Promise<void>;
  /** Queues the job that makes item `id`. */
  queue(id: number): Promise<unknown>;
  transaction: Transactor;
}

/** What one item should be made from, as the rule and the creative say now. */
interface Wanted {
  kind: ProcessingKind;
  slot: string;
  source: string;
  /** Set when it cannot be made at all. */
  unavailable?: string;
}

/**
 * The columns of a rule that hold image URLs, in the feed's order: its template's `image_url`
 * columns when the profile has a template, else every column whose value looks like an image URL.
 */
export function imageColumns(rule: {
  data: Record<string, unknown>;
  columns: readonly string[];
  template: readonly { name: string; type: string }[] | null;
}): { column: string; url: string }[] {
  const ordered = [...new Set([...rule.columns, ...Object.keys(rule.data)])];
  const typed = rule.template
    ? new Set(rule.template.filter((c) => c.type === 'image_url').map((c) => c.name.trim().toLowerCase()))
    : undefined;
  return ordered.flatMap((column) => {
    const value = rule.data[column];
    const url = typeof value === 'string' ? value.trim() : '';
    if (!url) return [];
    if (typed ? !typed.has(column.trim().toLowerCase()) : !looksLikeImageUrl(url)) return [];
    return [{ column, url }];
  });
}

async function scratchDir() {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'adstudio-processing-'));
  return { dir, remove: () => fs.promises.rm(dir, { recursive: true, force: true }) };
}

/**
 * Processing assets: for a creative and one rule of its profile, the images the rule's
 * URL columns point at and a backup image of the rule's variant. Reading the list brings the items
 * in line with the rule's data (a new or changed URL queues its item, a column gone removes it);
 * a job per item fetches it through the SSRF guard, checks its type and size, stores it with its
 * thumbnail and pixel size, or renders the backup in headless Chromium. A job's result lands only
 * on an item whose source is still the one it worked on.
 */
export function createProcessingAssetsService({
  items,
  creative: liveCreative,
  files,
  fetchFile,
  media,
  render,
  queue,
  transaction,
}: Deps) {
  const toItem = (row: ProcessingAssetRow): ProcessingAsset => ({
    id: row.id,
    creative_id: row.creative_id,
    rule_id: row.rule_id,
    kind: row.kind as ProcessingKind,
    column: row.kind === 'image' ? row.slot : null,
    source_url: row.kind === 'image' ? row.source : null,
    state: row.state,
    reason: row.reason,
    content_type: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    url:
      row.state === 'ready' && row.storage_key
        ? files.readUrl(row.storage_key, row.content_type ?? PNG)
        : null,
    thumbnail_url:
      row.state === 'ready' && row.thumbnail_key ? files.readUrl(row.thumbnail_key, THUMBNAIL_TYPE) : null,
    updated_at: row.updated_at,
  });

  const filesOf = (row: ProcessingAssetRow) =>
    [row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null);

  /** The items the creative and rule call for now. */
  async function wanted(
    creative: { id: number; width: number; height: number },
    rule: NonNullable<Awaited<ReturnType<Deps['items']['rule']>>>,
  ): Promise<Wanted[]> {
    const images: Wanted[] = imageColumns(rule).map(({ column, url }) => ({
      kind: 'image',
      slot: column,
      source: url,
      ...(looksLikeHttp(url) ? {} : { unavailable: 'The value is not an http(s) URL.' }),
    }));
    const pkg = await items.renderablePackage(creative.id);
    const backup: Wanted = {
      kind: 'backup',
      slot: BACKUP_SLOT,
      source: pkg ? `package:${pkg.id}` : NO_SOURCE,
    };
    if (!render) backup.unavailable = NO_CHROMIUM;
    else if (!pkg) backup.unavailable = NO_PACKAGE;
    else if (!(creative.width > 0 && creative.height > 0)) backup.unavailable = NO_SIZE;
    return [...images, backup];
  }

  /** Where an item starts, or starts over: queued, or unavailable with the reason. */
  const fresh = (want: Wanted) => ({
    kind: want.kind,
    source: want.source,
    state: want.unavailable ? ('unavailable' as const) : ('queued' as const),
    reason: want.unavailable ?? null,
    storage_key: null,
    thumbnail_key: null,
    content_type: null,
    size: null,
    width: null,
    height: null,
    updated_at: nowIso(),
  });

  /** Records a permanent failure of item `row` (when it still has the source the job worked on). */
  const fail = (row: ProcessingAssetRow, reason: string) =>
    items.update(
      row.id,
      { source: row.source, states: ['queued', 'fetching'] as const },
      { state: 'failed', reason, updated_at: nowIso() },
    );

  /** Fetches an image item into `file`; answers its content type and extension, or throws. */
  async function fetchImage(url: string, file: string) {
    let status: number;
    try {
      ({ status } = await fetchFile(url, file));
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      if (error.code === 'timeout' || error.code === 'network') throw new Transient(error.message);
      throw new Refused(error.message);
    }
    if (status >= 500 || status === 429) throw new Transient(`The image URL answered ${status}.`);
    if (status !== 200) throw new Refused(`The image URL answered ${status}.`);
    const verdict = judgeContent('asset', DEFAULT_CONTENT_TYPE, await sniffFile(file));
    if (!verdict.ok) throw new Refused(verdict.reason);
    if (assetKindOf(verdict.contentType) !== 'image') {
      throw new Refused(`The file at this URL is ${verdict.contentType}, not an image.`);
    }
    return verdict;
  }

  return {
    /** Read URLs of the ready backup images of these rules of a creative, by rule id (the variant grid). */
    async backupUrls(companyId: number, creativeId: number, ruleIds: readonly number[]) {
      const rows = await items.readyBackups(companyId, creativeId, ruleIds);
      return new Map(
        rows.flatMap((row) =>
          row.storage_key
            ? [[row.rule_id, files.readUrl(row.storage_key, row.content_type ?? PNG)] as const]
            : [],
        ),
      );
    },

    /**
     * The items of a rule of the creative's profile, brought in line with the rule's data first
     * (`retry` also starts failed items over).
     * 404 when the creative is not the company's live one or the rule is not of its profile.
     */
    async list(
      user: User,
      creativeId: number,
      ruleId: number,
      { retry = false }: { retry?: boolean } = {},
    ): Promise<ProcessingAsset[]> {
      const creative = await liveCreative(user.company_id, creativeId);
      const rule = creative ? await items.rule(user.company_id, ruleId) : undefined;
      if (!creative || !rule || creative.profile_id === null || rule.profileId !== creative.profile_id) {
        throw notFound();
      }
      const want = await wanted(creative, rule);
      // The switch to what the rule says now is one transaction: items started over, added and
      // dropped land together. Files and jobs follow once it has committed.
      const { toQueue, dropped } = await transaction(async (trx) => {
        const existing = new Map(
          (await items.list(user.company_id, creativeId, ruleId, trx)).map((row) => [row.slot, row]),
        );
        const toQueue: number[] = [];
        const dropped: string[] = [];
        for (const item of want) {
          const row = existing.get(item.slot);
          existing.delete(item.slot);
          const unavailable = row?.state === 'unavailable' ? (row.reason ?? undefined) : undefined;
          const startsOver =
            row &&
            (row.source !== item.source ||
              unavailable !== item.unavailable ||
              (retry && row.state === 'failed'));
          if (row && !startsOver) continue;
          if (row) {
            // Another request may have started it over already: then this one leaves it be.
            const moved = await items.update(
              row.id,
              { source: row.source, states: [row.state] },
              fresh(item),
              trx,
            );
            if (!moved) continue;
            dropped.push(...filesOf(row));
            if (!item.unavailable) toQueue.push(row.id);
            continue;
          }
          const now = nowIso();
          const id = await items.insert(
            {
              company_id: user.company_id,
              creative_id: creativeId,
              rule_id: ruleId,
              slot: item.slot,
              created_at: now,
              ...fresh(item),
            },
            trx,
          );
          if (id !== undefined && !item.unavailable) toQueue.push(id);
        }
        // Columns the rule no longer has an image URL in.
        const gone = [...existing.values()];
        await items.delete(
          gone.map((row) => row.id),
          trx,
        );
        dropped.push(...gone.flatMap(filesOf));
        return { toQueue, dropped };
      });
      await files.remove(dropped);
      for (const id of toQueue) await queue(id);
      return (await items.list(user.company_id, creativeId, ruleId)).map(toItem);
    },

    /**
     * Makes one item (the job): fetches and checks the image, or renders the backup; stores the
     * file and its thumbnail and marks it ready. A permanent fault fails the item with its reason;
     * a transient one throws, so the queue tries again (onFailed records the last one).
     */
    async make(id: number): Promise<void> {
      const row = await items.findById(id);
      if (!row || (row.state !== 'queued' && row.state !== 'fetching')) return;
      const expect = { source: row.source, states: ['queued', 'fetching'] as const };
      if (!(await items.update(id, expect, { state: 'fetching', reason: null, updated_at: nowIso() })))
        return;
      const scratch = await scratchDir();
      const stored: string[] = [];
      try {
        const file = path.join(scratch.dir, 'file');
        let type: { contentType: string; extension: string };
        if (row.kind === 'image') {
          type = await fetchImage(row.source, file);
        } else {
          const creative = await liveCreative(row.company_id, row.creative_id);
          const packageId = Number(row.source.replace(/^package:/, ''));
          if (!render || !creative || !Number.isInteger(packageId)) throw new Refused(NO_CHROMIUM);
          await render(packageId, row.rule_id, creative, file).catch((error: Error) => {
            throw new Transient(error.message);
          });
          type = { contentType: PNG, extension: 'png' };
        }
        const facts = await media.probeMedia(file, type.contentType);
        const base = `processing/${row.company_id}/${row.creative_id}/${randomUUID()}`;
        const storageKey = `${base}.${type.extension}`;
        await files.storeFile(storageKey, file);
        stored.push(storageKey);
        const thumbnail = await media.makeThumbnail(file);
        const thumbnailKey = thumbnail ? `${base}.thumb.webp` : null;
        if (thumbnail && thumbnailKey) {
          await files.store(thumbnailKey, thumbnail);
          stored.push(thumbnailKey);
        }
        const size = (await fs.promises.stat(file)).size;
        const landed = await items.update(id, expect, {
          state: 'ready',
          reason: null,
          storage_key: storageKey,
          thumbnail_key: thumbnailKey,
          content_type: type.contentType,
          size,
          width: facts.width,
          height: facts.height,
          updated_at: nowIso(),
        });
        // The item started over (or went) meanwhile: what was made for the old source is dropped.
        if (!landed) await files.remove(stored);
      } catch (error) {
        await files.remove(stored);
        if (error instanceof Refused) {
          await fail(row, error.message);
          return;
        }
        if (error instanceof Transient) throw new Error(error.message);
        // Our own fault (storage, the database): the log gets it all, the user a plain word.
        throw new Error(MADE_NOTHING, { cause: error });
      } finally {
        await scratch.remove();
      }
    },

    /** The job's last try failed: the item says why (when it is still the one tried). */
    async makeFailed(id: number, message: string) {
      const row = await items.findById(id);
      if (row) await fail(row, message);
    },
  };
}

/** A fault no retry can mend (a refused address, a 404, not an image): the item fails with it. */
class Refused extends Error {}

function looksLikeHttp(value: string) {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export type ProcessingAssetsService = ReturnType<typeof createProcessingAssetsService>;
