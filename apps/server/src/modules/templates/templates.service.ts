import {
  PROFILE_NAME_MAX,
  type ProfileTemplate,
  type ProfileTemplateWrite,
  TEMPLATE_COLUMN_TYPES,
  type TemplateColumn,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { diff } from '../../lib/audit-changes';
import { HttpError } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { type ResourceAudit, resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

export const NAME_TAKEN = 'The name has already been taken.';
export const TEMPLATE_IN_USE = (names: string[]) =>
  `The template is used by ${names.join(', ')}. Choose another template for them first.`;

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

/** Templates keep no history (no audit entries; their changes are versions without a user). */
const unaudited: ResourceAudit<Executor> = { log: async () => {} };

/**
 * Profile templates: the columns a feed must have and their types (docs/design.md §6). Managed with
 * the profiles section's permission; profiles name them and their syncs check rows against them.
 */
export function createTemplatesService({ templates, transaction, profilesUsing }: Deps) {
  /**
   * Live templates' names are unique per company ignoring case (an index of migration
   * 2026-11-27-1300): the check answers 422, and a write that raced past it meets the index and
   * answers the same.
   */
  const base = resourceService({
    noun: 'template',
    repository: templates,
    audit: unaudited,
    transaction,
    name: { index: 'profile_templates_live_name_key', message: NAME_TAKEN, max: PROFILE_NAME_MAX },
  });

  return {
    list: async (user: User) => (await templates.list(user.company_id)).map(toTemplate),

    get: async (user: User, id: number) => toTemplate(await base.find(user, id)),

    create: (user: User, body: ProfileTemplateWrite): Promise<ProfileTemplate> =>
      transaction(async (trx) => {
        const now = nowIso();
        const row = await base.insert(
          user,
          { name: body.name, columns: body.columns },
          () =>
            templates.insert(
              {
                company_id: user.company_id,
                name: body.name,
                columns: JSON.stringify(body.columns),
                created_at: now,
                updated_at: now,
              },
              trx,
            ),
          trx,
        );
        return toTemplate(row);
      }),

    /**
     * Replaces the template (the body is the whole of it). Based on the `updated_at` sent or
     * If-Match: 409 when it changed meanwhile; without either the edit is unconditional.
     */
    update: (
      user: User,
      id: number,
      body: ProfileTemplateWrite,
      ifMatch?: string,
    ): Promise<ProfileTemplate> =>
      base.update(user, id, body.updated_at, ifMatch, {
        replaces: true,
        plan: (row) => {
          const values = { name: body.name, columns: JSON.stringify(body.columns) };
          return { values, changes: diff({ name: row.name, columns: row.columns }, values) };
        },
        view: toTemplate,
      }),

    /** Soft delete; refused while live profiles use the template. */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async refuse(_row, trx) {
          const using = await profilesUsing(user.company_id, id, trx);
          if (using.length > 0) throw new HttpError(422, TEMPLATE_IN_USE(using.map((p) => p.name)));
        },
      }),

    // What profiles ask of their templates.

    /** The company's live template's id and name, if it has it. */
    summary: async (companyId: number, id: number, trx?: Executor) => {
      const row = await templates.findById(companyId, id, trx);
      return row ? summaryOf(row) : undefined;
    },

    /** Every live template of the company, by id and name. */
    summaries: async (companyId: number) => (await templates.list(companyId)).map(summaryOf),

    /** A live template's columns as stored, which a sync checks the feed's rows against. */
    columnsOf: async (companyId: number, id: number) => {
      const row = await templates.findById(companyId, id);
      return row ? parseJson<TemplateColumn[]>(row.columns, []) : undefined;
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
