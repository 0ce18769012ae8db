import {
  type ProfileTemplate,
  type ProfileTemplateWrite,
  TEMPLATE_COLUMN_TYPES,
  type TemplateColumn,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { uniqueRace } from '../../lib/db-errors';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

export const NAME_TAKEN = 'The name has already been taken.';
export const TEMPLATE_IN_USE = (names: string[]) =>
  `The template is used by ${names.join(', ')}. Choose another template for them first.`;
const CHANGED_MEANWHILE = changedMeanwhile('template');

const toTemplate = (row: TemplateRow): ProfileTemplate => ({
  id: row.id,
  name: row.name,
  // A type this version does not know reads as text rather than failing the whole list.
  columns: parseJson<TemplateColumn[]>(row.columns, []).map((column) => ({
    ...column,
    type: TEMPLATE_COLUMN_TYPES.includes(column.type) ? column.type : 'text',
  })),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A template as a profile names it. */
const summaryOf = (row: TemplateRow) => ({ id: row.id, name: row.name });

interface Deps {
  templates: TemplatesRepository;
  transaction: Transactor;
  /** The live profiles that use a template (asked of profiles): a template in use is not deleted. */
  profilesUsing: (companyId: number, templateId: number, trx: Executor) => Promise<{ name: string }[]>;
}

/**
 * Profile templates: the columns a feed must have and their types (DESIGN section 6). Managed with
 * the profiles section's permission; profiles name them and their syncs check rows against them.
 */
export function createTemplatesService({ templates, transaction, profilesUsing }: Deps) {
  /**
   * Live templates' names are unique per company ignoring case (an index of migration
   * 2026-11-27-1300): the check answers 422, and a write that raced past it meets the index and
   * answers the same.
   */
  const assertNameFree = async (user: User, name: string, exceptId: number | undefined, trx: Executor) => {
    if (await templates.nameTaken(user.company_id, name, { exceptId, trx }))
      throw unprocessable({ name: [NAME_TAKEN] });
  };
  const nameRace = uniqueRace({
    index: 'profile_templates_live_name_key',
    field: 'name',
    message: NAME_TAKEN,
  });

  return {
    list: async (user: User) => (await templates.list(user.company_id)).map(toTemplate),

    async get(user: User, id: number) {
      const row = await templates.find(user.company_id, id);
      if (!row) throw notFound();
      return toTemplate(row);
    },

    create: (user: User, body: ProfileTemplateWrite): Promise<ProfileTemplate> =>
      transaction(async (trx) => {
        await assertNameFree(user, body.name, undefined, trx);
        const now = nowIso();
        const row = await templates
          .insert(
            {
              company_id: user.company_id,
              name: body.name,
              columns: JSON.stringify(body.columns),
              created_at: now,
              updated_at: now,
            },
            trx,
          )
          .catch(nameRace);
        return toTemplate(row);
      }),

    update: (
      user: User,
      id: number,
      body: ProfileTemplateWrite,
      ifMatch?: string,
    ): Promise<ProfileTemplate> =>
      transaction(async (trx) => {
        const row = await templates.find(user.company_id, id, trx);
        if (!row) throw notFound();
        const basedOn = basedOnOf(body.updated_at ?? undefined, ifMatch);
        assertCurrentVersion(basedOn, row.updated_at, CHANGED_MEANWHILE);
        if (body.name !== row.name) await assertNameFree(user, body.name, id, trx);
        const updated = await templates
          .update(
            user.company_id,
            id,
            row.updated_at,
            {
              name: body.name,
              columns: JSON.stringify(body.columns),
              updated_at: nextUpdatedAt(row.updated_at),
            },
            trx,
          )
          .catch(nameRace);
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        return toTemplate(updated);
      }),

    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        const row = await templates.find(user.company_id, id, trx);
        if (!row) throw notFound();
        const using = await profilesUsing(user.company_id, id, trx);
        if (using.length > 0) throw new HttpError(422, TEMPLATE_IN_USE(using.map((p) => p.name)));
        await templates.update(user.company_id, id, undefined, { deleted_at: nowIso() }, trx);
      }),

    // What profiles ask of their templates.

    /** The company's live template's id and name, if it has it. */
    summary: async (companyId: number, id: number, trx?: Executor) => {
      const row = await templates.find(companyId, id, trx);
      return row ? summaryOf(row) : undefined;
    },

    /** Every live template of the company, by id and name. */
    summaries: async (companyId: number) => (await templates.list(companyId)).map(summaryOf),

    /** A live template's columns as stored, which a sync checks the feed's rows against. */
    columnsOf: async (companyId: number, id: number) => {
      const row = await templates.find(companyId, id);
      return row ? parseJson<TemplateColumn[]>(row.columns, []) : undefined;
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
