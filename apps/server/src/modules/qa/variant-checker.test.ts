import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AD_SANDBOX } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQaBrowser, type QaBrowser, type QaSession, qaChromium } from './qa-browser';
import type { VariantResult } from './variant-checker';

// The browser QA uses: the headless shell beside CHROMIUM_PATH when installed (qaChromium).
const CHROMIUM =
  qaChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', process.env.QA_CHROMIUM_PATH)?.path ?? '';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A banner as a package would be: 300×250 unless said, its clickTag the tracker URL it is given. */
const banner = (
  body: string,
  { head = '', click = 'open' }: { head?: string; click?: 'open' | 'none' | string } = {},
) =>
  `<!doctype html><html><head><meta charset="utf-8">
<style>html,body{margin:0;width:100%;height:100%;overflow:hidden;font:16px/1.3 sans-serif}
h1{margin:0;font-size:20px}</style>
<script>var clickTag = "%CLICK%";</script>${head}</head><body>${body}
${click === 'open' ? `<script>document.addEventListener('click', function () { window.open(clickTag, '_blank'); });</script>` : click === 'none' ? '' : `<script>document.addEventListener('click', function () { ${click} });</script>`}
</body></html>`;

const FIT =
  '<h1 style="position:absolute;left:10px;top:10px;width:280px">Summer sale</h1><img src="/ok.png" width="100" height="50" style="position:absolute;left:10px;top:150px">';
const LONG = 'Summer sale on every sandal, sneaker and boot in the store this week only';

const CLEAN: Record<string, string> = {
  'clean-basic': banner(FIT),
  // Tight leading, an exactly fitting clipped line, hidden and parked text, an animation that
  // starts outside the ad and ends inside it, a link as the click-through.
  'clean-tricky': banner(
    `<h1 style="position:absolute;left:10px;top:10px;width:280px;font-size:34px;line-height:0.9">Big bold headline here</h1>
<div style="position:absolute;left:10px;top:100px;width:280px;height:21px;overflow:hidden;white-space:nowrap">Fits on one line</div>
<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">${LONG} for screen readers</span>
<div style="display:none;width:20px">${LONG}</div>
<div style="opacity:0;position:absolute;top:0;width:20px;white-space:nowrap">${LONG}</div>
<div style="position:absolute;left:-900px;top:50px;white-space:nowrap">${LONG}</div>
<div class="slide" style="position:absolute;left:10px;top:130px;width:280px">Slides in from the right</div>
<div>   </div>
<a href="%CLICK%" target="_blank" style="position:absolute;inset:0"></a>`,
    {
      head: '<style>.slide{animation:in 3s 0.5s both}@keyframes in{from{transform:translateX(400px)}to{transform:none}}</style>',
      click: 'none',
    },
  ),
  // Text written by script after load, a click-through by navigating the top page.
  'clean-late': banner('<h1 id="h" style="position:absolute;left:10px;top:10px;width:280px"></h1>', {
    head: `<script>window.addEventListener('load', function () { setTimeout(function () { document.getElementById('h').textContent = 'Written after load'; }, 50); });</script>`,
    click: 'location.href = clickTag;',
  }),
};

const DEFECTS: Record<string, { html: string; kind: string; severity: 'error' | 'warning' }> = {
  'overflow-clipped': {
    html: banner(
      `<div style="position:absolute;left:10px;top:10px;width:200px;overflow:hidden;white-space:nowrap">${LONG}</div>`,
    ),
    kind: 'text_overflow',
    severity: 'error',
  },
  'overflow-ellipsis': {
    html: banner(
      `<div style="position:absolute;left:10px;top:10px;width:200px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">${LONG}</div>`,
    ),
    kind: 'text_overflow',
    severity: 'error',
  },
  'overflow-box': {
    html: banner(
      `<div style="position:absolute;left:10px;top:10px;width:280px;height:40px;font-size:24px">${LONG}</div>`,
    ),
    kind: 'text_overflow',
    severity: 'error',
  },
  'overflow-bounds': {
    html: banner(`<div style="position:absolute;left:150px;top:60px;white-space:nowrap">${LONG}</div>`),
    kind: 'text_overflow',
    severity: 'error',
  },
  'broken-image': {
    html: banner(`${FIT}<img src="/missing.png" width="50" height="50">`),
    kind: 'broken_media',
    severity: 'error',
  },
  'broken-image-host': {
    html: banner(`${FIT}<img src="http://127.0.0.1:9/unreachable.png" width="50" height="50">`),
    kind: 'broken_media',
    severity: 'error',
  },
  'broken-image-bytes': {
    html: banner(`${FIT}<img src="/corrupt.png" width="50" height="50">`),
    kind: 'broken_media',
    severity: 'error',
  },
  'broken-font': {
    html: banner('<h1 style="font-family:Brand,sans-serif">Sale</h1>', {
      head: '<style>@font-face{font-family:Brand;src:url(/missing.woff2) format("woff2")}</style>',
    }),
    kind: 'broken_media',
    severity: 'error',
  },
  'broken-video': {
    html: banner(`${FIT}<video src="/missing.mp4" autoplay muted width="100" height="60"></video>`),
    kind: 'broken_media',
    severity: 'error',
  },
  'never-loads': {
    html: banner(`${FIT}<img src="/hang.png" width="50" height="50">`),
    kind: 'broken_media',
    severity: 'error',
  },
  'weight-initial': {
    html: banner(FIT, { head: '<script src="/heavy.js"></script>' }),
    kind: 'weight',
    severity: 'warning',
  },
  'weight-network': {
    html: banner(FIT, {
      head: `<script>window.addEventListener('load', function () { fetch('/blob').then(function (r) { return r.arrayBuffer(); }); });</script>`,
    }),
    kind: 'weight',
    severity: 'error',
  },
  'weight-cpu': {
    html: banner(FIT, {
      head: '<script>setInterval(function () { var t = performance.now(); while (performance.now() - t < 90) {} }, 100);</script>',
    }),
    kind: 'weight',
    severity: 'error',
  },
  'script-exception': {
    html: banner(FIT, {
      head: `<script>window.addEventListener('load', function () { var feed = null; feed.price; });</script>`,
    }),
    kind: 'script_error',
    severity: 'error',
  },
  'script-console': {
    html: banner(FIT, { head: `<script>console.error('Feed value missing: price');</script>` }),
    kind: 'script_error',
    severity: 'error',
  },
  'no-click': { html: banner(FIT, { click: 'none' }), kind: 'no_click_through', severity: 'error' },
  'click-elsewhere': {
    html: banner(FIT, { click: `window.open('/elsewhere', '_blank');` }),
    kind: 'no_click_through',
    severity: 'error',
  },
};

/** A script that never yields: not a defect page like the others, it costs a page and seconds. */
const FROZEN = banner(FIT, {
  head: `<script>window.addEventListener('load', function () { setTimeout(function () { for (;;) {} }, 20); });</script>`,
});

const HEADERS = {
  'content-security-policy': `sandbox ${AD_SANDBOX}`,
  // The sandboxed page has an opaque origin: its fonts and fetches are cross-origin.
  'access-control-allow-origin': '*',
  'cache-control': 'private, max-age=300',
};

describe.skipIf(!fs.existsSync(CHROMIUM))(`variant checker (needs Chromium at ${CHROMIUM})`, () => {
  let server: http.Server;
  let origin: string;
  let qa: QaBrowser;
  let session: QaSession;
  /** Paths the fixture server was asked for: click-throughs must never reach it. */
  const requested: string[] = [];
  const hanging: http.ServerResponse[] = [];

  const check = (name: string, size = { width: 300, height: 250 }) =>
    session.check({ url: `${origin}/ad/${name}`, clickUrl: `${origin}/click/${name}?r=1`, ...size });

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requested.push(path);
      const name = path.replace(/^\/ad\//, '');
      const html = CLEAN[name] ?? DEFECTS[name]?.html ?? (name === 'frozen' ? FROZEN : undefined);
      const send = (status: number, type: string, body: Buffer | string) =>
        response.writeHead(status, { ...HEADERS, 'content-type': type }).end(body);
      if (path.startsWith('/ad/') && html)
        return send(
          200,
          'text/html; charset=utf-8',
          html.replaceAll('%CLICK%', `${origin}/click/${name}?r=1`),
        );
      if (path === '/ok.png') return send(200, 'image/png', PNG);
      if (path === '/corrupt.png') return send(200, 'image/png', 'not a picture');
      if (path === '/heavy.js') return send(200, 'text/javascript', `/*${'x'.repeat(200 * 1024)}*/`);
      if (path === '/blob') return send(200, 'application/octet-stream', Buffer.alloc(5 * 1024 * 1024, 7));
      if (path === '/hang.png') return void hanging.push(response);
      send(404, 'text/plain', 'Not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    qa = createQaBrowser({ chromiumPath: CHROMIUM, pages: 4, timings: { loadMs: 3_000 } });
    session = qa.session();
  });

  afterAll(async () => {
    await session?.close();
    await qa?.close();
    for (const response of hanging) response.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
  const summary = (result: VariantResult) =>
    result.findings.map((finding) => `${finding.kind}/${finding.severity}: ${finding.message}`);

  it('finds nothing on clean variants, and takes no screenshot of them', async () => {
    const results = await Promise.all(Object.keys(CLEAN).map((name) => check(name)));
    for (const [index, result] of results.entries()) {
      expect(summary(result), Object.keys(CLEAN)[index]).toEqual([]);
      expect(result.screenshot).toBeNull();
      expect(result.bytes.initial).toBeGreaterThan(0);
      expect(result.bytes.total).toBeGreaterThanOrEqual(result.bytes.initial);
    }
  }, 60_000);

  it('finds each planted defect as exactly its kind, with a screenshot at the creative size', async () => {
    const names = Object.keys(DEFECTS);
    // The busy page is checked alone, after the others, and up to three times: it is judged by
    // the CPU it gets (decision 0127: its own CPU, which does not stretch, must show it), and on a
    // machine loaded by other suites a visible tab's renderer (nice 5) was left 7-16 % of a core,
    // too little to tell a busy ad from a starved one. A checker that misses it fails all three.
    const busy = 'weight-cpu';
    const results = await Promise.all(names.filter((name) => name !== busy).map((name) => check(name)));
    let busyResult = await check(busy);
    for (
      let attempt = 1;
      attempt < 3 && !busyResult.findings.some(({ kind }) => kind === 'weight');
      attempt++
    )
      busyResult = await check(busy);
    results.splice(names.indexOf(busy), 0, busyResult);
    for (const [index, result] of results.entries()) {
      const name = names[index] as string;
      const { kind, severity } = DEFECTS[name] as (typeof DEFECTS)[string];
      // Exactly its kind: a heavy page may be told twice in that kind (its bytes and, on a loaded
      // machine, the busy main thread that parsing them takes), never in another.
      expect(
        [...new Set(result.findings.map((finding) => `${finding.kind}/${finding.severity}`))],
        `${name}: ${summary(result).join(' | ')}`,
      ).toEqual([`${kind}/${severity}`]);
      expect(result.screenshot && pngSize(result.screenshot), name).toEqual({ width: 300, height: 250 });
    }
    const [clipped, ellipsis, box, bounds] = results;
    for (const overflow of [clipped, ellipsis, box, bounds]) {
      expect(overflow?.findings[0]?.text).toBe(`${LONG.slice(0, 59)}…`);
      expect(overflow?.findings[0]?.message).toMatch(
        /^The text "Summer sale on every sandal.*needs \d+ px of (width|height), has \d+ px/,
      );
    }
    expect(results[names.indexOf('broken-image')]?.findings[0]?.url).toBe(`${origin}/missing.png`);
    expect(results[names.indexOf('broken-font')]?.findings[0]?.url).toBe(`${origin}/missing.woff2`);
    expect(results[names.indexOf('broken-image-bytes')]?.findings[0]?.url).toBe(`${origin}/corrupt.png`);
    expect(results[names.indexOf('weight-initial')]?.bytes.initial).toBeGreaterThan(200 * 1024);
    expect(results[names.indexOf('weight-network')]?.bytes.total).toBeGreaterThan(5 * 1024 * 1024);
    // Its finding says it was busy; how much CPU a loaded machine gave it in the window varies.
    expect(results[names.indexOf('weight-cpu')]?.cpuMs).toBeGreaterThan(0);
    expect(results[names.indexOf('script-exception')]?.findings[0]?.message).toContain(
      "Cannot read properties of null (reading 'price')",
    );
    expect(results[names.indexOf('script-console')]?.findings[0]?.message).toContain(
      'Feed value missing: price',
    );
    expect(results[names.indexOf('no-click')]?.findings[0]?.message).toMatch(/^Clicking the ad goes nowhere/);
    expect(results[names.indexOf('click-elsewhere')]?.findings[0]?.message).toContain(`${origin}/elsewhere`);
    // Clicks are answered in the browser: the tracker counts none, nothing is followed.
    expect(requested.filter((path) => path.startsWith('/click/') || path === '/elsewhere')).toEqual([]);
  }, 60_000);

  it('renders at the size of the creative, and a page that answers 404 is a finding', async () => {
    // The line that runs out of a 300×250 fits a 970×250 billboard.
    const billboard = await check('overflow-bounds', { width: 970, height: 250 });
    expect(summary(billboard)).toEqual([]);
    const missing = await check('no-such-variant');
    expect(missing.findings.map((finding) => finding.kind)).toEqual(['broken_media']);
    expect(missing.findings[0]?.message).toContain('HTTP 404');
  });

  it('answers within its time limit for a variant whose script never yields, and checks the next one', async () => {
    const started = Date.now();
    const frozen = await check('frozen');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(frozen.findings.map((finding) => `${finding.kind}/${finding.severity}`)).toEqual(['weight/error']);
    expect(frozen.findings[0]?.message).toContain('never lets the page respond');
    expect(summary(await check('clean-basic'))).toEqual([]);
  }, 60_000);
});
