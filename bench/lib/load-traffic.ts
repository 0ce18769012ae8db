import { crc32, deflateSync } from 'node:zlib';
import { CAMPAIGN_SORTS, CREATIVE_SORTS, encodeSearchQuery } from '@adstudio/contract';
import { ACCEPT_ENCODING } from './http';
import type { LoadData, Session } from './load-setup';
import { writeHeaders } from './load-setup';
import { BRANDS, type Random, random, STANDARD_SIZES, THEMES } from './names';
import { percentile } from './stats';

/**
 * The load benchmark's virtual users: each loops over actions chosen by weight, pausing a think time
 * between them (none in a closed loop), sending its requests round-robin to the instances (a
 * client-side balancer) and timing each one to its last byte.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The kinds of request, in the order the tables print them; reads are held to the p99 goal. */
export const KINDS = [
  { kind: 'list campaigns', read: true },
  { kind: 'list creatives', read: true },
  { kind: 'search', read: true },
  { kind: 'open campaign', read: true },
  { kind: 'open creative', read: true },
  { kind: 'report page', read: true },
  { kind: 'preview page', read: true },
  { kind: 'edit campaign', read: false },
  { kind: 'upload: sign', read: false },
  { kind: 'upload: put', read: false },
  { kind: 'upload: claim', read: false },
] as const;
export type Kind = (typeof KINDS)[number]['kind'];

/** How often each action is chosen, in %: an upload is one action of three requests. */
export const WEIGHTS = {
  listCampaigns: 20,
  listCreatives: 15,
  search: 15,
  openCampaign: 10,
  openCreative: 10,
  reportPage: 7.5,
  previewPage: 7.5,
  edit: 10,
  upload: 5,
} as const;
type Action = keyof typeof WEIGHTS;

export interface KindFigures {
  count: number;
  errors: number;
  /** Latencies of every request, in ms. */
  ms: number[];
  /** How the errors answered: `HTTP 500`, `timeout`, … */
  causes: Map<string, number>;
}

export class Recorder {
  readonly kinds = new Map<Kind, KindFigures>(
    KINDS.map(({ kind }) => [kind, { count: 0, errors: 0, ms: [], causes: new Map() }]),
  );
  /** The first few failed requests, with what they answered. */
  readonly samples: string[] = [];
  /** Requests that started before this (the warm-up) are not counted. */
  from = Number.POSITIVE_INFINITY;
  lastEnd = 0;

  record(kind: Kind, startedMs: number, ms: number, error?: { cause: string; detail: string }) {
    if (startedMs < this.from) return;
    const figures = this.kinds.get(kind)!;
    figures.count++;
    figures.ms.push(ms);
    this.lastEnd = Math.max(this.lastEnd, startedMs + ms);
    if (!error) return;
    figures.errors++;
    figures.causes.set(error.cause, (figures.causes.get(error.cause) ?? 0) + 1);
    if (this.samples.length < 8) this.samples.push(`${kind}: ${error.detail}`);
  }

  total() {
    let count = 0;
    let errors = 0;
    for (const figures of this.kinds.values()) {
      count += figures.count;
      errors += figures.errors;
    }
    return { count, errors, seconds: (this.lastEnd - this.from) / 1000 };
  }

  /** p50, p99 and max of a kind, in ms. */
  static quantiles(figures: KindFigures) {
    const { ms } = figures;
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.reduce((a, b) => Math.max(a, b), 0) };
  }
}

/** A client-side round-robin over the instances, request by request. */
export class Balancer {
  private next = 0;
  constructor(readonly bases: readonly string[]) {}
  pick(): string {
    return this.bases[this.next++ % this.bases.length]!;
  }
}

// --- a small PNG ----------------------------------------------------------------------------------

const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A 24×24 RGB PNG of noise (about 1.8 KB): every upload has bytes of its own. */
export function smallPng(rnd: Random): Buffer {
  const side = 24;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side * 3; x++) raw[y * (1 + side * 3) + 1 + x] = rnd.int(256);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- virtual users --------------------------------------------------------------------------------

export interface Traffic {
  data: LoadData;
  tokens: { report: string[]; preview: string[] };
  balancer: Balancer;
  recorder: Recorder;
  users: number;
}

const STATUSES = ['live', 'ready,testing', 'draft', 'action required', 'finished,delivered'];
const TERMS = [
  ...BRANDS.map((brand) => brand.toLowerCase()),
  ...THEMES.map((theme) => theme.split(' ')[0]!.toLowerCase()),
];
const CAMPAIGNS_OWNED = 5;

/** One virtual user; `run` loops until `until` (performance.now() ms). */
export class VirtualUser {
  private readonly rnd: Random;
  private readonly actions: Action[];
  /** The campaigns only this user edits (no 409 from another's edit), with the version it last saw. */
  private readonly owned: { id: number; name: string; version: string; edits: number }[] = [];
  private uploads = 0;

  constructor(
    private readonly n: number,
    private readonly session: Session,
    private readonly traffic: Traffic,
  ) {
    this.rnd = random(1000 + n);
    this.actions = Object.entries(WEIGHTS).flatMap(([action, weight]) =>
      Array<Action>(weight * 2).fill(action as Action),
    );
  }

  private get headers() {
    return { cookie: this.session.cookie, 'accept-encoding': ACCEPT_ENCODING };
  }

  /** Reads the campaigns it will edit (not timed). */
  async prepare() {
    const { campaignIds } = this.traffic.data;
    for (let k = 0; k < CAMPAIGNS_OWNED; k++) {
      const id = campaignIds[(this.n + k * this.traffic.users) % campaignIds.length]!;
      const res = await fetch(`${this.traffic.balancer.pick()}/v1/campaigns/${id}`, {
        headers: this.headers,
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`GET /v1/campaigns/${id} answered ${res.status}: ${body.slice(0, 200)}`);
      const { data } = JSON.parse(body) as { data: { name: string; updated_at: string } };
      this.owned.push({ id, name: data.name, version: data.updated_at, edits: 0 });
    }
  }

  /** One timed request; the body when it answered 2xx, else undefined (recorded as an error). */
  private async request(kind: Kind, url: string, init: RequestInit = {}): Promise<string | undefined> {
    const started = performance.now();
    const t0 = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await res.text();
      const took = ms();
      if (res.ok) {
        this.traffic.recorder.record(kind, started, took);
        return body;
      }
      this.traffic.recorder.record(kind, started, took, {
        cause: `HTTP ${res.status}`,
        detail: `${init.method ?? 'GET'} ${path.slice(0, 120)} → ${res.status} ${body.slice(0, 300)}`,
      });
    } catch (error) {
      const took = ms();
      const name = error instanceof Error ? error.name : 'Error';
      const cause = name === 'TimeoutError' ? 'timeout' : `network ${name}`;
      const message =
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
      this.traffic.recorder.record(kind, started, took, {
        cause,
        detail: `${init.method ?? 'GET'} ${path.slice(0, 120)} → ${cause}: ${message.slice(0, 200)}`,
      });
    }
    return undefined;
  }

  private get = (kind: Kind, path: string) =>
    this.request(kind, `${this.traffic.balancer.pick()}${path}`, { headers: this.headers });

  private query(params: Record<string, string | number | undefined>) {
    const entries = Object.entries(params).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    );
    return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
  }

  /** Mostly the first pages, sometimes deep into the list. */
  private page(rows: number) {
    const r = this.rnd;
    if (r.chance(0.6)) return undefined;
    return r.chance(0.75) ? 2 + r.int(9) : 1 + r.int(Math.max(1, Math.floor(rows / 25)));
  }

  private sort(columns: readonly string[]) {
    const r = this.rnd;
    if (r.chance(0.5)) return {};
    return { 'sort-by': r.pick(columns), 'sort-order': r.pick(['asc', 'desc']) };
  }

  private readonly run_ = {
    listCampaigns: async () => {
      const r = this.rnd;
      await this.get(
        'list campaigns',
        `/v1/campaigns${this.query({
          page: this.page(this.traffic.data.campaignIds.length),
          ...this.sort(CAMPAIGN_SORTS),
          filter: r.chance(0.25) ? r.pick(TERMS) : undefined,
          status: r.chance(0.2) ? r.pick(STATUSES) : undefined,
          'items-per-page': r.chance(0.1) ? 100 : undefined,
        })}`,
      );
    },
    listCreatives: async () => {
      const r = this.rnd;
      const size = r.chance(0.1) ? r.pick(STANDARD_SIZES) : undefined;
      await this.get(
        'list creatives',
        `/v1/creatives${this.query({
          page: this.page(this.traffic.data.creativeIds.length),
          ...this.sort(CREATIVE_SORTS),
          filter: r.chance(0.2) ? r.pick(TERMS) : undefined,
          status: r.chance(0.15) ? r.pick(STATUSES) : undefined,
          campaign_id: r.chance(0.15) ? r.pick(this.traffic.data.campaignIds) : undefined,
          size: size ? `${size.width}x${size.height}` : undefined,
        })}`,
      );
    },
    search: async () => {
      const r = this.rnd;
      const term = r.chance(0.1)
        ? this.traffic.data.exactCampaign
        : r.chance(0.2)
          ? r.pick(TERMS).slice(0, 3)
          : r.chance(0.1)
            ? 'umber'
            : r.pick(TERMS);
      await this.get('search', `/v1/search/${encodeSearchQuery(term)}`);
    },
    openCampaign: async () => {
      const id = this.rnd.pick(this.traffic.data.campaignIds);
      await this.get('open campaign', `/v1/campaigns/${id}${this.rnd.chance(0.2) ? '?include=history' : ''}`);
    },
    openCreative: async () => {
      await this.get('open creative', `/v1/creatives/${this.rnd.pick(this.traffic.data.creativeIds)}`);
    },
    reportPage: async () => {
      await this.get(
        'report page',
        `/v1/campaigns/externalreport/${this.rnd.pick(this.traffic.tokens.report)}`,
      );
    },
    previewPage: async () => {
      await this.get(
        'preview page',
        `/v1/creatives/externalpreview/${this.rnd.pick(this.traffic.tokens.preview)}`,
      );
    },
    edit: async () => {
      const campaign = this.rnd.pick(this.owned);
      campaign.edits++;
      const body = await this.request(
        'edit campaign',
        `${this.traffic.balancer.pick()}/v1/campaigns/${campaign.id}`,
        {
          method: 'PUT',
          headers: { ...writeHeaders(this.session), 'accept-encoding': ACCEPT_ENCODING },
          body: JSON.stringify({
            name: `${campaign.name} · edit ${campaign.edits}`,
            updated_at: campaign.version,
          }),
        },
      );
      if (body) campaign.version = (JSON.parse(body) as { data: { updated_at: string } }).data.updated_at;
    },
    upload: async () => {
      const headers = { ...writeHeaders(this.session), 'accept-encoding': ACCEPT_ENCODING };
      const signed = await this.request(
        'upload: sign',
        `${this.traffic.balancer.pick()}/vapor/signed-storage-url`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ content_type: 'image/png' }),
        },
      );
      if (!signed) return;
      const {
        key,
        url,
        headers: putHeaders,
      } = JSON.parse(signed) as {
        key: string;
        url: string;
        headers: Record<string, string>;
      };
      // Behind a real balancer APP_URL names the balancer; here each instance names itself, so the
      // PUT goes through this balancer too (the instances share DATA_DIR, as they would a bucket).
      const target = new URL(url);
      const viaBalancer = `${this.traffic.balancer.pick()}${target.pathname}${target.search}`;
      // A browser sends no Host of its own; Content-Type is what the signature covers.
      const put = await this.request('upload: put', viaBalancer, {
        method: 'PUT',
        headers: { 'content-type': putHeaders['Content-Type'] ?? 'image/png' },
        body: new Uint8Array(smallPng(this.rnd)),
      });
      if (!put) return;
      const creative = this.rnd.pick(this.traffic.data.creativeIds);
      await this.request('upload: claim', `${this.traffic.balancer.pick()}/v1/creatives/${creative}/assets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key, name: `load ${this.n}-${++this.uploads}.png` }),
      });
    },
  };

  /**
   * Acts until `until` (performance.now() ms). With a think time, it pauses between actions for an
   * exponentially distributed time of that mean (capped at five times it), as a person reading a
   * page would; each user starts at a random point of its first pause, so they do not act in step.
   * With none, it is a closed loop: the next action starts as soon as the last one answered.
   */
  async run(until: number, thinkMs: number) {
    if (thinkMs > 0) await pause(this.rnd.int(Math.ceil(thinkMs)), until);
    while (performance.now() < until) {
      await this.run_[this.rnd.pick(this.actions)]();
      if (thinkMs > 0) await pause(thinkTime(this.rnd, thinkMs), until);
    }
  }
}

/** Exponentially distributed with mean `mean`, capped at 5 × mean (the mean drops by under 1 %). */
export function thinkTime(rnd: Random, mean: number): number {
  const u = (rnd.int(1_000_000) + 1) / 1_000_001;
  return Math.min(-Math.log(u) * mean, 5 * mean);
}

/** Sleeps `ms`, but not past `until`. */
function pause(ms: number, until: number): Promise<void> {
  const left = Math.min(ms, until - performance.now());
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
}
