import type { AuditAction, Section, User } from '@adstudio/contract';
import { type Changes, created } from './audit-changes';
import type { BulkRow } from './bulk';
import { copyNameStem, freeCopyName } from './copy-name';
import { retryOnUniqueViolation, type UniqueRule, uniqueRace } from './db-errors';
import { HttpError, notFound, unprocessable } from './http-errors';
import { type BulkRepository, resourceBulk } from './resource-bulk';
import type { NameScope, ScopedOptions } from './scoped-repository';
import { nowIso } from './time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from './versions';

/** What the resource base reads of every row. */
export interface ResourceRow {
  id: number;
  name: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The queries the base uses: lib/scoped-repository gives them all, on any executor `X`. */
export interface ResourceRepository<R, X, U> {
  findById(companyId: number, id: number, trx?: X, options?: ScopedOptions): Promise<R | undefined>;
  findByIds(
    companyId: number,
    ids: readonly number[],
    trx?: X,
    options?: ScopedOptions & { lock?: boolean },
  ): Promise<R[]>;
  nameTaken(
    companyId: number,
    name: string,
    options?: { exceptId?: number; scope?: NameScope; trx?: X },
  ): Promise<boolean>;
  namesStartingWith(companyId: number, prefix: string, scope?: NameScope, trx?: X): Promise<string[]>;
  update(companyId: number, id: number, readAt: string, changes: U, trx?: X): Promise<R | undefined>;
  softDelete(companyId: number, ids: readonly number[], at: string, trx?: X): Promise<number>;
  restore(companyId: number, ids: readonly number[], at: string, trx?: X): Promise<number>;
}

/** One entity type's audit log (modules/audit's `createAuditLog`), as the base writes it. */
export interface ResourceAudit<X> {
  log(
    trx: X,
    user: User,
    ...entries: { entityId: number; action: AuditAction; changes: Changes }[]
  ): Promise<void>;
}

export interface ResourceConfig<R extends ResourceRow, X, U> {
  /** "campaign": the 409's "This campaign was changed by someone else meanwhile…". */
  noun: string;
  repository: ResourceRepository<R, X, U>;
  audit: ResourceAudit<X>;
  transaction: <T>(work: (trx: X) => Promise<T>) => Promise<T>;
  /**
   * Live names are unique ignoring case within the company, or within `scope` of a row (a creative's
   * campaign): checked before each write and kept by the partial unique `index`, whose violation by
   * a write racing past the check answers the check's own 422 on `name`.
   */
  name?: { index: string; message: string; max: number; scope?: (row: R) => NameScope };
  /** Other unique indexes a write can race into, each answering its field's 422 (a publisher's domain). */
  unique?: readonly UniqueRule[];
  /**
   * The check of every unique field, where a slice has more than the name (a publisher's domain,
   * both fields' messages at once): given the fields a write sets. Default: the name rule's.
   */
  free?: (user: User, fields: Partial<R>, exceptId: number | undefined, trx: X) => Promise<void>;
  /** Bulk actions (status, delete, restore) over the section's rows. */
  bulk?: { section: Section; repository: BulkRepository<R & BulkRow, NoInfer<X>> };
}

/**
 * A new row's fields as the API shows them, which its audit entry records: a JSON column's value is
 * its list or object here. Its unique fields are plain columns, the same as the row's.
 */
export type Fields<R> = { [K in keyof R]?: unknown };

/** A row's edit as the base writes it: the values to set, and the changes the audit records. */
export interface Edit<U> {
  values: U;
  changes: Changes;
  /** 'updated' unless the edit is a status move alone. */
  action?: AuditAction;
  /**
   * The slice has checked the unique fields itself, with its other rules in one 422 (a creative's
   * campaign, profile and name): the base writes and maps the race only.
   */
  checked?: boolean;
}

/**
 * A slice's part of the edit flow (`update`): what the edit is, what else refuses it, what it
 * answers. Its plan may carry more than the edit (`E`: the merged fields its checks read).
 */
export interface EditFlow<R, X, U, T, E extends Edit<U> = Edit<U>> {
  /**
   * The edit of `row` the request asks for: its column values and audited changes (none: nothing
   * is written). `basedOn` is for a plan that orders the version check among its own refusals
   * (lib/edits' planEdit: 409, then 403, then 422).
   */
  plan(row: R, basedOn: string | undefined, trx: X): E | Promise<E>;
  /** The slice's refusals once the version holds (a reference that must exist: 422). */
  check?(edit: E, row: R, trx: X): Promise<void>;
  /** What follows the write in its transaction; answers the row to show (data sources forget what they fetched). */
  written?(row: R, edit: E, trx: X): Promise<R>;
  /** The item answered, of the edited row, or of the row as it is when nothing changes. */
  view(row: R, trx: X): T | Promise<T>;
  /**
   * The body replaces the whole item (a template): its version is checked first, so a stale
   * replacement is a 409 even where it would change nothing.
   */
  replaces?: true;
}

/**
 * The part of every company-scoped, soft-deletable resource service that is the same in each slice
 * (docs/design.md §4 and §5): find or 404 within the user's company, live names free ignoring case
 * (the unique indexes' rule, races included), guarded edits (409 when the row changed meanwhile),
 * soft delete, restore and clone — each in one transaction with its audit entry. A slice passes its
 * own rules in (what refuses a delete, what a restore needs, how a copy is built); what it answers
 * stays its own view of the row.
 */
export function resourceService<R extends ResourceRow, X, U>(config: ResourceConfig<R, X, U>) {
  const { repository, audit, transaction, name } = config;
  const conflict = changedMeanwhile(config.noun);
  const race = uniqueRace(
    ...(name ? [{ index: name.index, field: 'name', message: name.message }] : []),
    ...(config.unique ?? []),
  );

  /** The company's row (live, or soft-deleted with `deleted`), else 404: another company's id is unknown. */
  const find = async (user: User, id: number, trx?: X, deleted = false): Promise<R> => {
    const row = await repository.findById(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return row;
  };

  /**
   * 422 on `name` when a live row of the scope (other than `exceptId`) has it, ignoring case. Without
   * `trx` it checks before any transaction (a profile's name, before its upload is claimed).
   */
  const assertNameFree = async (
    user: User,
    text: string,
    exceptId: number | undefined,
    trx?: X,
    scope?: NameScope,
  ): Promise<void> => {
    if (!name) return;
    if (await repository.nameTaken(user.company_id, text, { exceptId, scope, trx }))
      throw unprocessable({ name: [name.message] });
  };

  /** Every unique field among `fields` (those a write sets) free, by the slice's check or the name rule. */
  const assertFree = (
    user: User,
    fields: Partial<R>,
    exceptId: number | undefined,
    trx: X,
    scope?: NameScope,
  ): Promise<void> =>
    config.free
      ? config.free(user, fields, exceptId, trx)
      : typeof fields.name === 'string'
        ? assertNameFree(user, fields.name, exceptId, trx, scope)
        : Promise.resolve();

  /**
   * Writes an edit of `row` read in this transaction, guarded by its version: a write that commits
   * first changes `updated_at`, this UPDATE then matches no row and the edit is a 409. Changed
   * unique fields are checked first. Audited as `change.action`. Answers the new row.
   */
  async function edit(user: User, row: R, change: Edit<U>, trx: X, scope?: NameScope): Promise<R> {
    const values = change.values as Record<string, unknown>;
    // The edit's values are the row's columns, so the changed ones are a part of a row.
    const changed = Object.fromEntries(
      Object.keys(change.changes).map((field) => [field, values[field]]),
    ) as Partial<R>;
    if (!change.checked) await assertFree(user, changed, row.id, trx, scope ?? name?.scope?.(row));
    const updated = await repository
      .update(
        user.company_id,
        row.id,
        row.updated_at,
        { ...change.values, updated_at: nextUpdatedAt(row.updated_at) },
        trx,
      )
      .catch(race);
    if (!updated) throw new HttpError(409, conflict);
    await audit.log(trx, user, {
      entityId: row.id,
      action: change.action ?? 'updated',
      changes: change.changes,
    });
    return updated;
  }

  return {
    find,
    assertNameFree,
    assertFree,
    /** `.catch(race)` on a write: a unique index's violation becomes the check's 422; anything else is rethrown. */
    race,
    conflict,

    /**
     * Inserts a new row (`write`), its name checked first (unless `checked`, as for an edit) and its
     * race mapped, and audits it as created with `fields` (plus `extra` changes, e.g. `cloned_from`).
     */
    async insert<T extends { id: number }>(
      user: User,
      fields: Fields<R>,
      write: () => Promise<T>,
      trx: X,
      options: { scope?: NameScope; extra?: Changes; checked?: boolean } = {},
    ): Promise<T> {
      if (!options.checked) await assertFree(user, fields as Partial<R>, undefined, trx, options.scope);
      const row = await write().catch(race);
      await audit.log(trx, user, {
        entityId: row.id,
        action: 'created',
        changes: { ...created(fields), ...options.extra },
      });
      return row;
    },

    /** A guarded write of a row read in this transaction (the update flow's last step, for slices that plan their own). */
    edit,

    /**
     * The edit flow of every editable item (docs/design.md §4), in one transaction and in the order
     * the API answers: the version the edit is based on (the body's `updated_at`, else `If-Match`; 422
     * when it is no timestamp), the company's
     * row (404), the slice's `plan` of the edit; nothing is written when it changes nothing, else the
     * version must be the row's (409; a status move alone acts on the current row), the slice's
     * `check` passes, and the guarded write is audited. Answers `view` of the row as it now is.
     */
    update: <T, E extends Edit<U>>(
      user: User,
      id: number,
      updatedAt: string | null | undefined,
      ifMatch: string | undefined,
      flow: EditFlow<R, X, U, T, E>,
    ): Promise<T> =>
      transaction(async (trx) => {
        const basedOn = basedOnOf(updatedAt ?? undefined, ifMatch);
        const row = await find(user, id, trx);
        if (flow.replaces) assertCurrentVersion(basedOn, row.updated_at, conflict);
        const change = await flow.plan(row, basedOn, trx);
        if (Object.keys(change.changes).length === 0) return flow.view(row, trx);
        if (change.action !== 'status') assertCurrentVersion(basedOn, row.updated_at, conflict);
        await flow.check?.(change, row, trx);
        const updated = await edit(user, row, change, trx);
        return flow.view(flow.written ? await flow.written(updated, change, trx) : updated, trx);
      }),

    /**
     * Soft delete in one transaction, audited. `refuse` throws the slice's reason not to (a 422: "has
     * live creatives"); `after` does what follows in the same transaction (clearing references).
     */
    remove: (
      user: User,
      id: number,
      rules: {
        refuse?: (row: R, trx: X) => Promise<void> | void;
        after?: (row: R, at: string, trx: X) => Promise<void>;
      } = {},
    ): Promise<void> =>
      transaction(async (trx) => {
        const row = await find(user, id, trx);
        await rules.refuse?.(row, trx);
        const at = nowIso();
        await repository.softDelete(user.company_id, [id], at, trx);
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { deleted_at: [null, at] } });
        await rules.after?.(row, at, trx);
      }),

    /**
     * Brings a soft-deleted row back, unless a live one has taken its name meanwhile or `refuse`
     * throws the slice's reason (its campaign is deleted…); audited. Answers `view` of the live row.
     */
    restore: <T>(
      user: User,
      id: number,
      view: (row: R, trx: X) => Promise<T> | T,
      refuse?: (row: R, trx: X) => Promise<void> | void,
    ): Promise<T> =>
      transaction(async (trx) => {
        const row = await find(user, id, trx, true);
        await refuse?.(row, trx);
        await assertFree(user, row, id, trx, name?.scope?.(row));
        await repository.restore(user.company_id, [id], nextUpdatedAt(row.updated_at), trx).catch(race);
        await audit.log(trx, user, {
          entityId: id,
          action: 'restored',
          changes: { deleted_at: [row.deleted_at, null] },
        });
        return view(await find(user, id, trx), trx);
      }),

    /**
     * One action on many rows in one transaction, as set operations (lib/bulk), with the slice's own
     * refusals (lib/resource-bulk).
     */
    bulk: resourceBulk(config, race),

    /**
     * A copy under the first free "(copy)" name of the source's scope, audited as created with
     * `cloned_from`. `copy` inserts it from the source and answers its id and audited fields (and
     * whatever else `view` wants of it, e.g. the inserted row); `view` answers the copy. Clones
     * of one source take turns (a row lock on PostgreSQL); one racing a clone of another source to
     * the same name looks again once that one has committed.
     */
    clone: <T, C extends { id: number; fields: object }>(
      user: User,
      id: number,
      copy: (source: R, copyName: string, trx: X) => Promise<C>,
      view: (id: number, trx: X, copied: C) => Promise<T> | T,
    ): Promise<T> => {
      if (!name) throw new Error(`${config.noun}: clone needs the name rule`);
      return retryOnUniqueViolation(() =>
        transaction(async (trx) => {
          const [source] = await repository.findByIds(user.company_id, [id], trx, { lock: true });
          if (!source) throw notFound();
          const stem = copyNameStem(source.name, name.max);
          const taken = await repository.namesStartingWith(user.company_id, stem, name.scope?.(source), trx);
          const copied = await copy(source, freeCopyName(source.name, taken, name.max), trx);
          await audit.log(trx, user, {
            entityId: copied.id,
            action: 'created',
            changes: { ...created(copied.fields), cloned_from: [null, source.id] },
          });
          return view(copied.id, trx, copied);
        }),
      ).catch(race);
    },
  };
}
export type ResourceService<R extends ResourceRow, X, U> = ReturnType<typeof resourceService<R, X, U>>;
