import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';
import { AD_SANDBOX } from '@adstudio/contract';
import { createQaBrowser, qaChromium } from '@adstudio/server/src/modules/qa/qa-browser';
import type { VariantResult } from '@adstudio/server/src/modules/qa/variant-checker';
import { runtimeScript } from '@adstudio/server/src/modules/render/runtime';
import { descendants } from '../apps/server/test/support/process-tree';
import { percentile } from './lib/stats';

/**
 * The variant checker alone (issue 45's scale: 5,000 distinct variants in 10 minutes, ≥ 8.3/s, the
 * server and its browser under 1 GB): N distinct light 300×250 banners (a few KB of HTML with the
 * render's own runtime, one small image of their own, some text, a fade-in) served by a local
 * server under the render's sandbox CSP, checked through one QaBrowser session. Prints variants/s
 * and the peak memory of Chromium's process tree (VmRSS summed, which counts shared pages once per
 * process, and PSS, which splits them) beside node's own RSS.
 *
 * QA_BENCH_VARIANTS (default 500), QA_BENCH_PAGES (default 6, as the server), QA_BENCH_SETTLE_MS (default the
 * checker's).
 */
const VARIANTS = Number(process.env.QA_BENCH_VARIANTS ?? 500);
const PAGES = Number(process.env.QA_BENCH_PAGES ?? 6);
const SETTLE_MS = process.env.QA_BENCH_SETTLE_MS ? Number(process.env.QA_BENCH_SETTLE_MS) : undefined;
// The browser the server's QA runs use: the headless shell beside CHROMIUM_PATH when installed.
const CHROMIUM =
  qaChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', process.env.QA_CHROMIUM_PATH)?.path ??
  '/usr/bin/chromium';
const TARGET_PER_S = 5_000 / 600;

/** A distinct 120×60 PNG per variant (a few KB): a gradient seeded by the variant's number. */
function png(seed: number): Buffer {
  const width = 120;
  const height = 60;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      raw[at] = (x * 2 + seed * 7) & 255;
      raw[at + 1] = (y * 4 + seed * 13) & 255;
      raw[at + 2] = ((x ^ y) + seed) & 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const WORDS = [
  'Summer',
  'sale',
  'on',
  'sandals',
  'sneakers',
  'boots',
  'today',
  'only',
  'new',
  'styles',
  'free',
  'delivery',
];
const headline = (i: number) =>
  Array.from({ length: 3 + (i % 3) }, (_, k) => WORDS[(i * 7 + k * 5) % WORDS.length]).join(' ') + ` #${i}`;

function banner(i: number, origin: string): string {
  const clickTag = `${origin}/t/c?v=${i}`;
  const runtime = runtimeScript({
    content: { Feed: [{ _id: 0, Headline: headline(i), Price: `${(i % 90) + 9}.99 €` }] },
    clickTag,
  });
  return `<!doctype html><html><head><meta charset="utf-8">${runtime}
<style>
html,body{margin:0;width:300px;height:250px;overflow:hidden;font-family:sans-serif;background:#fff}
#ad{position:absolute;inset:0;cursor:pointer}
h1{position:absolute;left:12px;top:12px;width:276px;margin:0;font-size:22px;line-height:1.15;color:#123}
.price{position:absolute;left:12px;top:90px;font-size:28px;font-weight:bold;color:#c00}
img{position:absolute;right:12px;top:120px;width:120px;height:60px}
.cta{position:absolute;left:12px;bottom:14px;padding:8px 14px;background:#123;color:#fff;border-radius:4px;font-size:14px}
.in{animation:in .6s ease-out both}@keyframes in{from{opacity:0;transform:translateY(12px)}to{opacity:1;transform:none}}
</style></head><body>
<div id="ad"><h1 class="in" id="headline"></h1><div class="price in" id="price"></div>
<img src="/img/${i}.png" alt=""><div class="cta">Shop now</div></div>
<script>
Enabler.addEventListener(studio.events.StudioEvent.INIT, function () {
  var row = dynamicContent.Feed[0];
  document.getElementById('headline').textContent = row.Headline;
  document.getElementById('price').textContent = row.Price;
});
document.getElementById('ad').addEventListener('click', function () { Enabler.exit('Background'); });
</script></body></html>`;
}

const kbField = (text: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** Chromium's tree in kB: RSS summed over its processes, and PSS (shared pages split between them). */
function chromiumMemory(): { rss: number; pss: number; processes: number } {
  let rss = 0;
  let pss = 0;
  const pids = descendants(process.pid);
  for (const pid of pids) {
    try {
      rss += kbField(fs.readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
      pss += kbField(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, pss, processes: pids.length };
}

const TICK_MS = 1000 / 100; // USER_HZ, as /proc/<pid>/stat counts

/**
 * CPU time (ms) of Chromium's tree: each live process's own, plus its reaped children's, in all and
 * by process type (`--type=renderer`, `gpu-process`, `utility`, …; the browser has none).
 */
function chromiumCpuMs(): { total: number; byType: Map<string, number> } {
  const byType = new Map<string, number>();
  let total = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime (fields 14-17 of stat; here counted from the state field).
      const ms =
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
      // Chromium rewrites its command line into one string, its arguments joined by spaces.
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const type = args.find((arg) => arg.startsWith('--type='))?.slice(7) ?? 'browser';
      const subtype = args
        .find((arg) => arg.startsWith('--utility-sub-type='))
        ?.split('.')
        .at(-1);
      const key = subtype ? `${type} ${subtype}` : type;
      byType.set(key, (byType.get(key) ?? 0) + ms);
      total += ms;
    } catch {
      // Gone meanwhile: its time is in its parent's cutime once reaped.
    }
  }
  return { total, byType };
}

const images = Array.from({ length: VARIANTS }, (_, i) => png(i));
const server = http.createServer((request, response) => {
  const [, kind, id] = /^\/(v|img)\/(\d+)/.exec(request.url ?? '') ?? [];
  const headers = {
    'content-security-policy': `sandbox ${AD_SANDBOX}`,
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (kind === 'v')
    return response
      .writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' })
      .end(banner(Number(id), origin));
  if (kind === 'img')
    return response.writeHead(200, { ...headers, 'content-type': 'image/png' }).end(images[Number(id)]);
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const qa = createQaBrowser({
  chromiumPath: CHROMIUM,
  pages: PAGES,
  ...(SETTLE_MS === undefined ? {} : { timings: { settleMs: SETTLE_MS } }),
});
const session = qa.session();

let peak = { rss: 0, pss: 0, processes: 0 };
let peakNode = 0;
const sample = () => {
  const memory = chromiumMemory();
  if (memory.rss > peak.rss) peak = { ...memory, pss: Math.max(peak.pss, memory.pss) };
  else peak.pss = Math.max(peak.pss, memory.pss);
  peakNode = Math.max(peakNode, process.memoryUsage().rss / 1024);
};
const sampler = setInterval(sample, 200);

const html = banner(0, origin).length;
console.log(
  `machine: ${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores, Node ${process.version}; load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(
  `${VARIANTS} variants of 300×250 in ${CHROMIUM} (HTML ${(html / 1024).toFixed(1)} KB, image ${((images[0]?.length ?? 0) / 1024) | 0} KB), ${PAGES} pages${SETTLE_MS === undefined ? '' : `, settle ${SETTLE_MS} ms`}`,
);

const times: number[] = [];
/** When each variant finished (ms since the start), to tell whether the rate holds over the run. */
const doneAt: number[] = [];
const findings = new Map<string, number>();
let bytes = 0;
let cpuMs = 0;
const started = performance.now();
const nodeCpuBefore = process.cpuUsage();
let firstDone = 0;
let next = 0;
await Promise.all(
  Array.from({ length: PAGES * 2 }, async () => {
    for (let i = next++; i < VARIANTS; i = next++) {
      const t0 = performance.now();
      const result: VariantResult = await session.check({
        url: `${origin}/v/${i}`,
        width: 300,
        height: 250,
        clickUrl: `${origin}/t/c?v=${i}`,
      });
      times.push(performance.now() - t0);
      doneAt.push(performance.now() - started);
      if (!firstDone) firstDone = performance.now();
      bytes += result.bytes.total;
      cpuMs += result.cpuMs;
      for (const finding of result.findings)
        findings.set(finding.message, (findings.get(finding.message) ?? 0) + 1);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const chromiumCpu = chromiumCpuMs();
const chromiumCpuAtEnd = chromiumCpu.total;
const nodeCpu = process.cpuUsage(nodeCpuBefore);
const nodeCpuMs = (nodeCpu.user + nodeCpu.system) / 1000;
const steady = (performance.now() - firstDone) / 1000;
sample();
clearInterval(sampler);
await session.close();
await qa.close();
server.close();

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const rate = VARIANTS / elapsed;
console.log(
  `checked:  ${VARIANTS} in ${elapsed.toFixed(1)} s = ${rate.toFixed(1)} variants/s (after the first: ${((VARIANTS - 1) / steady).toFixed(1)}/s); target ${TARGET_PER_S.toFixed(1)}/s: ${rate >= TARGET_PER_S ? 'met' : 'NOT met'}`,
);
const fifths = [1, 2, 3, 4, 5].map((k) => doneAt[Math.ceil((doneAt.length * k) / 5) - 1] ?? 0);
console.log(
  `rate by fifth of the run: ${fifths
    .map((at, k) => (doneAt.length / 5 / ((at - (k ? (fifths[k - 1] ?? 0) : 0)) / 1000)).toFixed(1))
    .join(', ')} variants/s`,
);
console.log(
  `per variant: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (queueing included); page CPU ${(cpuMs / VARIANTS).toFixed(0)} ms, ${(bytes / VARIANTS / 1024).toFixed(1)} KB`,
);
console.log(
  `peak memory: Chromium ${mb(peak.rss)} RSS summed over ${peak.processes} processes (PSS ${mb(peak.pss)}), node ${mb(peakNode)}; together ${mb(peak.rss + peakNode)} by RSS, ${mb(peak.pss + peakNode)} by PSS`,
);
const cpuPerVariant = (chromiumCpuAtEnd + nodeCpuMs) / VARIANTS;
console.log(
  `CPU per variant: Chromium ${(chromiumCpuAtEnd / VARIANTS).toFixed(0)} ms + node ${(nodeCpuMs / VARIANTS).toFixed(0)} ms (the fixture server included) = ${cpuPerVariant.toFixed(0)} ms; on ${os.cpus().length} idle cores that is at most ${((os.cpus().length * 1000) / cpuPerVariant).toFixed(1)} variants/s`,
);
console.log(
  `Chromium CPU per variant by process: ${[...chromiumCpu.byType]
    .sort((a, b) => b[1] - a[1])
    .map(([type, ms]) => `${type} ${(ms / VARIANTS).toFixed(0)} ms`)
    .join(', ')}`,
);
console.log(
  findings.size === 0
    ? 'findings: none (all variants are clean)'
    : `findings on clean variants (should be none):`,
);
for (const [message, count] of findings) console.log(`  ${count}× ${message}`);
