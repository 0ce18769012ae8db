import {
  DYNAMIC_CODE_MOVES,
  type DynamicCode,
  type DynamicCodeStatusBody,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { notFound, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import type { AuditLog } from '../audit';
import type { DynamicCodeRepository } from './dynamic-code.repository';
import { generateDynamicCode } from './generate';

export const NO_PROFILE =
  'This creative has no profile, so there is no dynamic content to read. Choose its profile on the details tab.';
export const NO_ROWS = "The creative's profile has no rows yet. Sync it, then generate the code.";
export const CHANGED_MEANWHILE = changedMeanwhile('dynamic code');
export const NOT_GENERATED = 'Generate the code first.';

interface Deps {
  codes: DynamicCodeRepository;
  audit: AuditLog;
  transaction: Transactor;
}

/**
 * A creative's dynamic code (docs/design.md §5): generated from its profile's columns, with its own
 * status `generated → implemented → verified`, stale once the profile's columns change.
 */
export function createDynamicCodeService({ codes, audit, transaction }: Deps) {
  const creativeOf = async (user: User, id: number, trx?: Executor) => {
    const creative = await codes.creative(user.company_id, id, trx);
    if (!creative) throw notFound();
    return creative;
  };

  const stored = (user: User, creativeId: number, trx?: Executor) =>
    codes.find(user.company_id, creativeId, trx);

  async function show(user: User, creativeId: number, trx?: Executor): Promise<DynamicCode> {
    const creative = await creativeOf(user, creativeId, trx);
    const source = creative.profile_id
      ? await codes.source(user.company_id, creative.profile_id, trx)
      : undefined;
    const row = await stored(user, creativeId, trx);
    const columns = source?.sample ? Object.keys(source.sample) : [];
    const generatedColumns = row ? (JSON.parse(row.columns) as string[]) : [];
    const status = row?.status ?? null;
    return {
      creative_id: creativeId,
      profile: source?.profile ?? null,
      code: row?.code ?? null,
      status,
      columns: row ? generatedColumns : columns,
      stale:
        row !== undefined &&
        (row.profile_id !== (source?.profile.id ?? null) ||
          JSON.stringify(generatedColumns) !== JSON.stringify(columns)),
      message: !source ? NO_PROFILE : !source.sample ? NO_ROWS : null,
      allowed_statuses: status ? [...DYNAMIC_CODE_MOVES[status]] : [],
      generated_at: row?.generated_at ?? null,
      updated_at: row?.updated_at ?? null,
    };
  }

  return {
    show: (user: User, creativeId: number) => show(user, creativeId),

    /** (Re)generates from the profile as it is now; the status starts again at `generated`. */
    generate: (user: User, creativeId: number): Promise<DynamicCode> =>
      transaction(async (trx) => {
        const creative = await creativeOf(user, creativeId, trx);
        const source = creative.profile_id
          ? await codes.source(user.company_id, creative.profile_id, trx)
          : undefined;
        if (!source) throw unprocessable({ profile_id: [NO_PROFILE] });
        if (!source.sample) throw unprocessable({ profile_id: [NO_ROWS] });
        const code = generateDynamicCode({
          creative: { id: creative.id, name: creative.name },
          profile: source.profile,
          sample: source.sample,
        });
        const before = await stored(user, creativeId, trx);
        const at = nowIso();
        const values = {
          code,
          status: 'generated' as const,
          profile_id: source.profile.id,
          columns: JSON.stringify(Object.keys(source.sample)),
          generated_at: at,
        };
        if (before) {
          await codes.update(before.id, { ...values, updated_at: nextUpdatedAt(before.updated_at, at) }, trx);
        } else {
          await codes.insert(
            {
              ...values,
              company_id: user.company_id,
              creative_id: creativeId,
              created_at: at,
              updated_at: at,
            },
            trx,
          );
        }
        // Logged on the creative: its history tells when its code was (re)generated.
        await audit.log(trx, user, {
          entityId: creativeId,
          action: 'updated',
          changes: { dynamic_code: [before ? `${before.status}` : null, 'generated'] },
        });
        return show(user, creativeId, trx);
      }),

    /**
     * Moves the status along DYNAMIC_CODE_MOVES; 422 otherwise, 409 when it changed since the version
     * it was based on (body or `If-Match`; without one the move is unconditional).
     */
    setStatus: (
      user: User,
      creativeId: number,
      body: DynamicCodeStatusBody,
      ifMatch?: string,
    ): Promise<DynamicCode> =>
      transaction(async (trx) => {
        await creativeOf(user, creativeId, trx);
        const row = await stored(user, creativeId, trx);
        if (!row) throw unprocessable({ status: [NOT_GENERATED] });
        const basedOn = basedOnOf(body.updated_at, ifMatch);
        assertCurrentVersion(basedOn, row.updated_at, CHANGED_MEANWHILE);
        const from = row.status;
        if (body.status !== from) {
          if (!DYNAMIC_CODE_MOVES[from].includes(body.status)) {
            throw unprocessable({ status: [`The dynamic code cannot move from ${from} to ${body.status}.`] });
          }
          await codes.update(row.id, { status: body.status, updated_at: nextUpdatedAt(row.updated_at) }, trx);
          await audit.log(trx, user, {
            entityId: creativeId,
            action: 'updated',
            changes: { dynamic_code: [from, body.status] },
          });
        }
        return show(user, creativeId, trx);
      }),
  };
}
export type DynamicCodeService = ReturnType<typeof createDynamicCodeService>;
