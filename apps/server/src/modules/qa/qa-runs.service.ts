import {
  canAccess,
  isQa,
  isQaRunOpen,
  type QaFinding,
  type QaFindingKind,
  type QaRun,
  type QaRunDetail,
  type QaRunQuery,
  type QaSeverity,
  type RuleFilter,
  type TemplateColumn,
  type User,
} from '@adstudio/contract';
import type { Insertable } from 'kysely';
import type { Transactor } from '../../db/database';
import type { QaFindingsTable } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { type ListPage, pageMeta } from '../../lib/list';
import { nowIso } from '../../lib/time';
import type { QaRunsRepository } from './qa-runs.repository';
import {
  columnShowing,
  exitOf,
  feedGaps,
  fingerprintOf,
  groupRules,
  mediaUrlsOf,
  noExit,
  type QaRule,
  type QaSetting,
  type VariantFinding,
} from './qa-variants';
import type { VariantResult, VariantToCheck } from './variant-checker';

export const QA_JOB = 'qa.run';
/** Tries of a run's job: a restart during it resumes where it stopped (checked variants are kept). */
export const QA_ATTEMPTS = 3;
/** Variants taken from the plan at once; the browser renders as many of them at a time as it has pages. */
const BATCH = 48;
/** Feed media fetched at once through the SSRF guard. */
const MEDIA_AT_ONCE = 4;

export const NO_CHROMIUM_QA =
  'QA renders every variant in headless Chromium, which this server does not have (CHROMIUM_PATH).';
export const NO_PACKAGE_QA = 'Approve an HTML5 package of this creative first: QA renders it.';
export const RUN_OPEN = (id: number) =>
  `QA run ${id} of this creative is still under way: wait for it to end, or cancel it.`;
export const RUN_ENDED = 'This QA run has already ended.';
export const RUN_INTERRUPTED = 'The QA run stopped before it ended';

/** A rule as a variant row keeps it: the first of a variant's rules also keeps its content. */
interface KeptRule {
  id: number;
  unique_id: string;
  reporting_label: string;
  data?: Record<string, unknown>;
}

/** What the service needs of a creative: the company's live one. */
interface QaCreative {
  id: number;
  name: string;
  campaign_id: number;
  profile_id: number | null;
  rule_filter: string | null;
  width: number;
  height: number;
  click_url: string | null;
}

/** Renders variants in a browser: one session per run, as the QA browser gives them. */
export interface VariantChecker {
  session(): { check(variant: VariantToCheck): Promise<VariantResult>; close(): Promise<void> };
}

interface Deps {
  runs: QaRunsRepository;
  creative(companyId: number, id: number): Promise<QaCreative | undefined>;
  /** The company's live profile: its name and template. */
  profile(
    companyId: number,
    id: number,
  ): Promise<{ id: number; name: string; template_id: number | null } | undefined>;
  templateColumns(companyId: number, id: number): Promise<TemplateColumn[] | undefined>;
  /** Every live rule (active or not) the creative's rule filter serves, feed order. */
  rules(profileId: number, filter: RuleFilter | null): Promise<QaRule[]>;
  /** The creative's newest approved package that renders. */
  renderablePackage(creativeId: number): Promise<{ id: number; entry_file: string | null } | undefined>;
  /** The render URL of package `packageId` playing rule `ruleId`. */
  renderUrl(creativeId: number, packageId: number, ruleId: number, entry: string): string;
  /** The click tracker's URL that a render of the rule carries (a preview's: it counts nothing). */
  clickUrl(view: { campaignId: number; creativeId: number; ruleId: number; preview: true }): string;
  /** Undefined when the server has no Chromium. */
  checker: VariantChecker | undefined;
  /** The HTTP status of a feed media URL fetched through the SSRF guard, or why it could not be reached. */
  mediaStatus(url: string): Promise<number | string>;
  files: {
    store(key: string, bytes: Buffer): Promise<unknown>;
    readUrl(key: string, contentType: string): string;
  };
  /** Whether the company requires a passing QA run before live. */
  gateRequired(companyId: number): Promise<boolean>;
  queue(runId: number): Promise<unknown>;
  transaction: Transactor;
}

type RunRow = NonNullable<Awaited<ReturnType<QaRunsRepository['find']>>>;

/** A variant whose check threw twice: told as what it is, so one bad variant does not stop the run. */
const checkFailed = (error: unknown): VariantFinding => ({
  kind: 'script_error',
  severity: 'error',
  message: `The variant could not be checked (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): open its preview and look at what it does.`,
});

/** May run QA: `qa`, `edit creatives` or an admin (readers see results only). */
const assertRunner = (user: User) => {
  if (!canAccess(user, 'creatives', 'write') && !isQa(user))
    throw forbidden('Running QA needs the qa permission or edit creatives.');
};

const countsOf = (findings: readonly { severity: string }[]) => ({
  errors: findings.filter((finding) => finding.severity === 'error').length,
  warnings: findings.filter((finding) => finding.severity === 'warning').length,
});

/** A variant's findings told on each of its rules. */
const perRule = (runId: number, rules: readonly KeptRule[], findings: readonly VariantFinding[]) =>
  rules.flatMap((rule) =>
    findings.map(
      (finding): Insertable<QaFindingsTable> => ({
        run_id: runId,
        rule_id: rule.id,
        unique_id: rule.unique_id,
        reporting_label: rule.reporting_label,
        kind: finding.kind,
        severity: finding.severity,
        message: finding.message,
        screenshot_key: finding.screenshot_key ?? null,
      }),
    ),
  );

/**
 * QA runs (issue 45, decisions 0127–0129): each distinct variant of a creative rendered in headless
 * Chromium through its render path and checked — text overflow, broken media, feed gaps, weight,
 * script errors, click-through — once per content: a variant an earlier run checked is carried over.
 * A run is planned when it is asked for (its variants and what it carries over, in one transaction),
 * then checked by a job that records each batch as it goes, so a restart resumes it.
 */
export function createQaRunsService(deps: Deps) {
  const { runs, checker, files, transaction } = deps;

  /** The creative's content as a run would check it now: its setting, rules and their fingerprint. */
  async function contentOf(companyId: number, creative: QaCreative) {
    const pkg = await deps.renderablePackage(creative.id);
    if (!pkg?.entry_file) return undefined;
    const profile =
      creative.profile_id === null ? undefined : await deps.profile(companyId, creative.profile_id);
    const template = profile?.template_id
      ? ((await deps.templateColumns(companyId, profile.template_id)) ?? [])
      : [];
    const setting: QaSetting = {
      packageId: pkg.id,
      width: creative.width,
      height: creative.height,
      profileName: profile?.name ?? '',
      clickUrl: creative.click_url,
      template,
    };
    // A creative without a feed is one variant: its package with no content (rule 0).
    const rules = profile
      ? await deps.rules(profile.id, parseJson<RuleFilter | null>(creative.rule_filter, null))
      : [{ id: 0, unique_id: '', reporting_label: creative.name, data: {} }];
    const groups = groupRules(setting, rules);
    return { setting, entry: pkg.entry_file, groups, fingerprint: fingerprintOf(groups.keys()) };
  }

  const creativeOf = async (user: Pick<User, 'company_id'>, id: number) => {
    const creative = await deps.creative(user.company_id, id);
    if (!creative) throw notFound();
    return creative;
  };

  const toRun = (row: RunRow, current: string | undefined): QaRun => ({
    id: row.id,
    status: row.status,
    total: row.total,
    checked: row.checked,
    errors: row.errors,
    warnings: row.warnings,
    created_at: row.created_at,
    finished_at: row.finished_at,
    verdict: row.verdict,
    carried_over: row.carried_over,
    failure: row.failure,
    current: current !== undefined && row.fingerprint === current,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
  });

  const shown = async (user: User, creativeId: number, id: number, current: string | undefined) => {
    const row = await runs.find(user.company_id, creativeId, id);
    if (!row) throw notFound();
    return toRun(row, current);
  };

  const currentFingerprint = async (user: User, creative: QaCreative) =>
    (await contentOf(user.company_id, creative))?.fingerprint;

  /** Ends a run: `finished` with its verdict from its counts. */
  async function finish(runId: number) {
    const run = await runs.byId(runId);
    if (!run) return;
    await runs.moveOpen(runId, {
      status: 'finished',
      verdict: run.errors > 0 ? 'failed' : 'passed',
      finished_at: nowIso(),
    });
  }

  /** The findings of one variant: feed gaps and exits from its content, the rest from rendering it. */
  async function checkVariant(
    run: { id: number },
    creative: QaCreative,
    setting: QaSetting,
    entry: string,
    session: ReturnType<VariantChecker['session']>,
    variant: { id: number; rules: KeptRule[] },
    media: (url: string) => Promise<VariantFinding | undefined>,
  ): Promise<VariantFinding[]> {
    const [rule] = variant.rules as [KeptRule];
    const data = rule.data ?? {};
    const own: VariantFinding[] = feedGaps(setting.template, data);
    const hasExit = exitOf(setting, { data }) !== undefined;
    if (!hasExit) own.push(noExit());
    const mediaUrls = mediaUrlsOf(setting.template, data);
    const [result, mediaFindings] = await Promise.all([
      session.check({
        url: deps.renderUrl(creative.id, setting.packageId, rule.id, entry),
        width: setting.width,
        height: setting.height,
        clickUrl: deps.clickUrl({
          campaignId: creative.campaign_id,
          creativeId: creative.id,
          ruleId: rule.id,
          preview: true,
        }),
      }),
      Promise.all(mediaUrls.map(async (url) => ({ url, finding: await media(url) }))),
    ]);
    const brokenFeedUrls = new Set(mediaFindings.filter((m) => m.finding).map((m) => m.url));
    const seen = result.findings.filter(
      (finding) =>
        !(finding.kind === 'broken_media' && finding.url && brokenFeedUrls.has(finding.url)) &&
        !(finding.kind === 'no_click_through' && !hasExit),
    );
    const rendered: VariantFinding[] = seen.map((finding) => {
      const column =
        finding.kind === 'text_overflow' && finding.text ? columnShowing(data, finding.text) : undefined;
      return {
        kind: finding.kind,
        severity: finding.severity,
        message: column ? `${finding.message.replace(/\.$/, '')} (feed column ${column}).` : finding.message,
      };
    });
    const findings = [...own, ...mediaFindings.flatMap((m) => (m.finding ? [m.finding] : [])), ...rendered];
    if (findings.length > 0 && result.screenshot) {
      const key = `qa/${run.id}/${variant.id}.png`;
      await files.store(key, result.screenshot);
      for (const finding of findings) finding.screenshot_key = key;
    }
    return findings;
  }

  /** Checks a feed media URL once per run, at most MEDIA_AT_ONCE at a time. */
  function mediaChecks() {
    const known = new Map<string, Promise<VariantFinding | undefined>>();
    let running = 0;
    const waiting: (() => void)[] = [];
    const slot = async () => {
      if (running >= MEDIA_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
    };
    const release = () => {
      running -= 1;
      waiting.shift()?.();
    };
    const check = async (url: string): Promise<VariantFinding | undefined> => {
      await slot();
      try {
        const status = await deps.mediaStatus(url);
        if (typeof status === 'number' && status < 400) return undefined;
        return {
          kind: 'broken_media',
          severity: 'error',
          message:
            typeof status === 'number'
              ? `The feed's media ${url} answers ${status}: fix the URL in the feed or put the file back.`
              : `The feed's media ${url} could not be fetched (${status}): fix the URL in the feed.`,
        };
      } finally {
        release();
      }
    };
    return (url: string) => {
      let found = known.get(url);
      if (!found) {
        found = check(url);
        known.set(url, found);
      }
      return found;
    };
  }

  return {
    /** Plans a run of the creative's current content and queues its check (202). */
    async start(user: User, creativeId: number): Promise<QaRun> {
      assertRunner(user);
      const creative = await creativeOf(user, creativeId);
      if (!checker) throw new HttpError(422, NO_CHROMIUM_QA);
      const content = await contentOf(user.company_id, creative);
      if (!content) throw new HttpError(422, NO_PACKAGE_QA);
      const open = await runs.open(creative.id);
      if (open) throw new HttpError(409, RUN_OPEN(open.id));
      const { groups, setting, fingerprint } = content;
      const earlier = await runs.checkedVariants(creative.id, [...groups.keys()]);
      const variants = [...groups].map(([key, rules]) => {
        const kept: KeptRule[] = rules.map(({ id, unique_id, reporting_label }, i) =>
          i === 0
            ? { id, unique_id, reporting_label, data: rules[0]!.data }
            : { id, unique_id, reporting_label },
        );
        const findings = earlier.get(key);
        return {
          key,
          rules: JSON.stringify(kept),
          state: findings === undefined ? ('pending' as const) : ('carried' as const),
          findings: findings ?? null,
          kept,
        };
      });
      const carried = variants.filter((variant) => variant.state === 'carried');
      const carriedFindings = carried.flatMap((variant) =>
        perRule(0, variant.kept, parseJson<VariantFinding[]>(variant.findings, [])),
      );
      const id = await transaction(async (trx) => {
        // Asked again inside the transaction: two starts at once make one run.
        const racing = await runs.open(creative.id, trx);
        if (racing) throw new HttpError(409, RUN_OPEN(racing.id));
        const made = await runs.insert(
          {
            company_id: user.company_id,
            creative_id: creative.id,
            status: 'queued',
            total: variants.length,
            checked: carried.length,
            carried_over: carried.length,
            ...countsOf(carriedFindings),
            package_id: setting.packageId,
            fingerprint,
            created_by: user.id,
            created_at: nowIso(),
          },
          trx,
        );
        await runs.insertVariants(
          made.id,
          variants.map(({ key, rules, state, findings }) => ({ key, rules, state, findings })),
          trx,
        );
        await runs.insertFindings(
          carriedFindings.map((finding) => ({ ...finding, run_id: made.id })),
          trx,
        );
        return made.id;
      });
      if (carried.length === variants.length) await finish(id);
      else await deps.queue(id);
      return shown(user, creative.id, id, fingerprint);
    },

    /** A page of the creative's runs, newest first. */
    async list(
      user: User,
      creativeId: number,
      query: { page: number; 'items-per-page': number },
    ): Promise<ListPage<QaRun>> {
      const creative = await creativeOf(user, creativeId);
      const perPage = query['items-per-page'];
      const [page, current] = await Promise.all([
        runs.list(
          user.company_id,
          creative.id,
          perPage === -1 ? null : { offset: (query.page - 1) * perPage, limit: perPage },
        ),
        currentFingerprint(user, creative),
      ]);
      return {
        data: page.rows.map((row) => toRun(row, current)),
        meta: pageMeta(query.page, perPage, page.total),
      };
    },

    /** One run with a page of its findings, narrowed by kind and severity. */
    async show(
      user: User,
      creativeId: number,
      runId: number,
      query: QaRunQuery,
    ): Promise<{ data: QaRunDetail; page: ListPage<QaFinding> }> {
      const creative = await creativeOf(user, creativeId);
      const row = await runs.find(user.company_id, creative.id, runId);
      if (!row) throw notFound();
      const perPage = query['items-per-page'];
      const [found, counts, current] = await Promise.all([
        runs.findings(
          row.id,
          { kind: query.kind, severity: query.severity },
          perPage === -1 ? null : { offset: (query.page - 1) * perPage, limit: perPage },
        ),
        runs.counts(row.id),
        currentFingerprint(user, creative),
      ]);
      const findings = found.rows.map(
        (finding): QaFinding => ({
          rule_id: finding.rule_id,
          unique_id: finding.unique_id,
          reporting_label: finding.reporting_label,
          kind: finding.kind as QaFindingKind,
          severity: finding.severity as QaSeverity,
          message: finding.message,
          screenshot_url: finding.screenshot_key ? files.readUrl(finding.screenshot_key, 'image/png') : null,
        }),
      );
      return {
        data: {
          ...toRun(row, current),
          findings,
          counts: counts.map((count) => ({
            kind: count.kind as QaFindingKind,
            severity: count.severity as QaSeverity,
            count: Number(count.n),
          })),
        },
        page: { data: findings, meta: pageMeta(query.page, perPage, found.total) },
      };
    },

    /** Cancels a run still under way; what it checked so far stays. */
    async cancel(user: User, creativeId: number, runId: number): Promise<QaRun> {
      assertRunner(user);
      const creative = await creativeOf(user, creativeId);
      const row = await runs.find(user.company_id, creative.id, runId);
      if (!row) throw notFound();
      if (!(await runs.moveOpen(row.id, { status: 'cancelled', finished_at: nowIso() })))
        throw new HttpError(409, RUN_ENDED);
      return shown(user, creative.id, row.id, await currentFingerprint(user, creative));
    },

    /**
     * Why the creative may not go live, when the company asks a passing run first: no run passed on
     * its current content. Names the run to make.
     */
    async liveRefusal(companyId: number, creativeId: number): Promise<string | undefined> {
      if (!(await deps.gateRequired(companyId))) return undefined;
      const creative = await deps.creative(companyId, creativeId);
      if (!creative) return undefined;
      const content = await contentOf(companyId, creative);
      if (content && (await runs.passed(creative.id, content.fingerprint))) return undefined;
      const last = (await runs.list(companyId, creative.id, { offset: 0, limit: 1 })).rows[0];
      const lastWords = !last
        ? ' It has had no QA run yet.'
        : last.status === 'finished' && last.fingerprint !== content?.fingerprint
          ? ` Its last run (${last.id}) checked content that has changed since.`
          : last.status === 'finished' && last.verdict === 'failed'
            ? ` Its last run (${last.id}) found ${last.errors} error${last.errors === 1 ? '' : 's'}: fix them, then run QA again.`
            : isQaRunOpen(last.status)
              ? ` Its run ${last.id} is still under way.`
              : ` Its last run (${last.id}) ended ${last.status}.`;
      return `Going live needs a passing QA run of this creative's current content: run QA on its QA tab.${lastWords}`;
    },

    /** The job: checks the run's pending variants a batch at a time, then gives the verdict. */
    async run(runId: number): Promise<void> {
      const run = await runs.byId(runId);
      if (!run || !isQaRunOpen(run.status)) return;
      if (!checker) return void (await this.fail(runId, NO_CHROMIUM_QA));
      const creative = await deps.creative(run.company_id, run.creative_id);
      const content = creative && (await contentOf(run.company_id, creative));
      if (!creative || !content) return void (await this.fail(runId, 'The creative or its package is gone.'));
      // A run cancelled since it was read stays cancelled.
      if (!(await runs.moveOpen(runId, { status: 'running', started_at: run.started_at ?? nowIso() })))
        return;
      const { setting, entry } = content;
      // The package the run planned with, whatever was approved since.
      if (run.package_id !== null) setting.packageId = run.package_id;
      const session = checker.session();
      const media = mediaChecks();
      /** Variants whose check threw once: a second throw is recorded as a finding, not retried forever. */
      const threw = new Set<number>();
      const record = (variantId: number, rules: KeptRule[], findings: VariantFinding[]) =>
        transaction(async (trx) => {
          if (!(await runs.checked(variantId, JSON.stringify(findings), trx))) return;
          const told = perRule(runId, rules, findings);
          await runs.insertFindings(told, trx);
          await runs.count(runId, { checked: 1, ...countsOf(told) }, trx);
        });
      const checkOne = async (variant: { id: number; rules: string }) => {
        const rules = parseJson<KeptRule[]>(variant.rules, []);
        const target = { id: variant.id, rules };
        try {
          await record(
            variant.id,
            rules,
            await checkVariant(run, creative, setting, entry, session, target, media),
          );
        } catch (error) {
          if (!threw.has(variant.id)) {
            threw.add(variant.id);
            throw error;
          }
          await record(variant.id, rules, [checkFailed(error)]);
        }
      };
      // A pipeline, not batch after batch: the next batch is read once half of what is in flight
      // is done, so the browser's pages never wait for a batch's slowest variant. A variant whose
      // check threw stays pending, and the next pass over the plan (from its start) takes it again.
      let inFlight = 0;
      let onDone = () => {};
      let failure = null as { error: unknown } | null;
      /** Throws the first batch-wide failure (set by a batch as it ends, so read through a call). */
      const throwIfFailed = () => {
        if (failure) throw failure.error;
      };
      const groups = new Set<Promise<void>>();
      try {
        let after = 0;
        for (;;) {
          throwIfFailed();
          const batch = await runs.pending(runId, BATCH, after);
          if (batch.length === 0) {
            if (after === 0) break;
            // The end of a pass: what is in flight ends, then a pass from the start takes what threw.
            await Promise.all(groups);
            after = 0;
            continue;
          }
          after = batch.at(-1)?.id ?? after;
          const still = await runs.byId(runId);
          if (!still || !isQaRunOpen(still.status)) return;
          inFlight += batch.length;
          const group = Promise.allSettled(
            batch.map((variant) =>
              checkOne(variant).finally(() => {
                inFlight -= 1;
                onDone();
              }),
            ),
          ).then((settled) => {
            // The browser itself failing fails every check of a batch: the job's attempt, not a finding.
            const failures = settled.flatMap((result) =>
              result.status === 'rejected' ? [result.reason] : [],
            );
            if (failures.length === batch.length) failure ??= { error: failures[0] };
          });
          groups.add(group);
          void group.then(() => groups.delete(group));
          while (inFlight > BATCH / 2 && !failure)
            await new Promise<void>((resolve) => {
              onDone = resolve;
            });
        }
        await Promise.all(groups);
        throwIfFailed();
      } finally {
        // A run cancelled or failed mid-way lets its checks in flight end before the session closes.
        await Promise.all(groups);
        await session.close();
      }
      await finish(runId);
    },

    /** Ends a run `failed` with why (the job's last attempt threw, or the server stopped during it). */
    async fail(runId: number, reason: string): Promise<void> {
      await runs.moveOpen(runId, { status: 'failed', failure: reason, finished_at: nowIso() });
    },
  };
}
export type QaRunsService = ReturnType<typeof createQaRunsService>;
