import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Finding,
  inspectPackage,
  PACKAGE_LIMITS,
  PackageError,
  type PackageInspection,
  unpackPackage,
} from './package-zip';
import {
  adSizeMeta,
  buildZip,
  deflatedZeros,
  goodPackage,
  indexHtml,
  logoPng,
  mainJs,
  styleCss,
  type ZipEntrySpec,
} from './package-zip.fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'package-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let zips = 0;
function zipFile(contents: ZipEntrySpec[] | Buffer): string {
  const file = path.join(dir, `${++zips}.zip`);
  fs.writeFileSync(file, Array.isArray(contents) ? buildZip(contents) : contents);
  return file;
}

const creative = { width: 300, height: 250 };
const inspect = (entries: ZipEntrySpec[], options?: { allowedHosts?: readonly string[] }) =>
  inspectPackage(zipFile(entries), creative, options);

const codes = (inspection: PackageInspection) => inspection.findings.map((finding) => finding.code);
const errors = (inspection: PackageInspection) => inspection.findings.filter((f) => f.severity === 'error');
const warnings = (inspection: PackageInspection) =>
  inspection.findings.filter((f) => f.severity === 'warning');

/** A write callback that keeps what it was given, chunk by chunk, even when the body fails. */
function collector() {
  const written = new Map<string, Buffer>();
  const sizes = new Map<string, number>();
  const write = async (file: string, body: Readable, size: number) => {
    sizes.set(file, size);
    written.set(file, Buffer.alloc(0));
    for await (const chunk of body as AsyncIterable<Buffer>) {
      written.set(file, Buffer.concat([written.get(file)!, chunk]));
    }
  };
  return { written, sizes, write };
}

describe('inspectPackage: good packages', () => {
  it('accepts a package at the root of the zip', async () => {
    const inspection = await inspect(goodPackage());
    expect(inspection).toEqual({
      ok: true,
      entryFile: 'index.html',
      root: '',
      fileCount: 4,
      unpackedSize: Buffer.byteLength(indexHtml()) + mainJs.length + styleCss.length + logoPng.length,
      files: [
        { path: 'css/style.css', size: styleCss.length },
        { path: 'images/logo.png', size: logoPng.length },
        { path: 'index.html', size: Buffer.byteLength(indexHtml()) },
        { path: 'js/main.js', size: mainJs.length },
      ],
      findings: [],
    });
  });

  it('accepts a package inside one folder, ignoring __MACOSX, .DS_Store and folder entries', async () => {
    const inspection = await inspect([
      { name: 'banner/' },
      { name: 'banner/js/' },
      ...goodPackage('banner/'),
      { name: 'banner/.DS_Store', data: 'Bud1' },
      { name: '.DS_Store', data: 'Bud1' },
      { name: '__MACOSX/' },
      { name: '__MACOSX/banner/._index.html', data: 'AppleDouble' },
    ]);
    expect(inspection).toMatchObject({
      ok: true,
      entryFile: 'banner/index.html',
      root: 'banner/',
      fileCount: 4,
    });
    expect(inspection.files.map((file) => file.path)).toEqual([
      'css/style.css',
      'images/logo.png',
      'index.html',
      'js/main.js',
    ]);
    expect(inspection.findings).toEqual([]);
  });

  it('takes backslashes as folder separators and drops "." segments', async () => {
    const inspection = await inspect([
      { name: '.\\index.html', data: indexHtml() },
      { name: 'js\\main.js', data: mainJs },
      { name: 'css/./style.css', data: styleCss },
    ]);
    expect(inspection.ok).toBe(true);
    expect(inspection.files.map((file) => file.path)).toEqual(['css/style.css', 'index.html', 'js/main.js']);
  });
});

describe('inspectPackage: errors', () => {
  const index = { name: 'index.html', data: indexHtml() };
  it.each<[string, ZipEntrySpec[], Partial<Finding>]>([
    [
      'a parent segment',
      [index, { name: '../evil.js', data: 'x' }],
      { code: 'zip-slip', file: '../evil.js' },
    ],
    [
      'a parent segment deeper down',
      [index, { name: 'js/../../evil.js', data: 'x' }],
      { code: 'zip-slip', file: 'js/../../evil.js' },
    ],
    [
      'a parent segment with backslashes',
      [index, { name: 'js\\..\\..\\evil.js', data: 'x' }],
      { code: 'zip-slip', file: 'js\\..\\..\\evil.js' },
    ],
    ['a unix absolute path', [index, { name: '/etc/passwd', data: 'x' }], { code: 'absolute-path' }],
    [
      'a drive letter',
      [index, { name: 'C:\\evil.js', data: 'x' }],
      { code: 'absolute-path', file: 'C:\\evil.js' },
    ],
    ['a UNC path', [index, { name: '\\\\server\\share\\x.js', data: 'x' }], { code: 'absolute-path' }],
    [
      'a control character',
      [index, { name: 'a\u0000.js', data: 'x' }],
      { code: 'invalid-name', file: 'a?.js' },
    ],
    [
      'a symlink',
      [index, { name: 'link.js', data: '/etc/passwd', unixMode: 0o120777 }],
      { code: 'symlink', file: 'link.js' },
    ],
    ['an encrypted entry', [index, { name: 'js/main.js', data: mainJs, flags: 0x1 }], { code: 'encrypted' }],
    [
      'an unknown compression method',
      [index, { name: 'data.bin', raw: Buffer.from('LZMA?'), size: 5, method: 14 }],
      { code: 'unsupported-compression', file: 'data.bin' },
    ],
    [
      'paths that differ only in case',
      [index, { name: 'images/logo.png', data: logoPng }, { name: 'images/Logo.png', data: logoPng }],
      {
        code: 'duplicate-path',
        message: 'images/Logo.png and images/logo.png differ only in letter case; rename one of them.',
      },
    ],
    [
      'the same path twice',
      [index, { name: 'js/main.js', data: mainJs }, { name: 'js\\main.js', data: mainJs }],
      { code: 'duplicate-path', message: 'js/main.js is in the zip more than once.' },
    ],
    [
      'a file that is also a folder',
      [index, { name: 'js', data: 'x' }, { name: 'js/main.js', data: mainJs }],
      { code: 'duplicate-path', file: 'js' },
    ],
    ['no index.html at all', [{ name: 'main.html', data: indexHtml() }], { code: 'no-index-html' }],
    [
      'two top folders',
      [...goodPackage('a/'), { name: 'b/index.html', data: indexHtml() }],
      { code: 'no-index-html' },
    ],
    ['index.html two folders down', goodPackage('a/b/'), { code: 'no-index-html' }],
    ['an empty zip', [], { code: 'no-index-html' }],
    [
      'a stored entry whose sizes disagree',
      [index, { name: 'a.js', data: 'abc', store: true, size: 2 }],
      { code: 'corrupt' },
    ],
  ])('refuses %s', async (_case, entries, expected) => {
    const inspection = await inspect(entries);
    expect(inspection.ok).toBe(false);
    expect(errors(inspection)).toContainEqual(expect.objectContaining({ severity: 'error', ...expected }));
  });

  it('refuses more than 1,000 entries without reading them', async () => {
    const entries = Array.from({ length: PACKAGE_LIMITS.entries + 1 }, (_, i) => ({
      name: `f${i}.js`,
      data: '1',
      store: true,
    }));
    const inspection = await inspect(entries);
    expect(inspection).toMatchObject({ ok: false, fileCount: 0, entryFile: null });
    expect(inspection.findings).toEqual([
      {
        severity: 'error',
        code: 'too-many-entries',
        message: 'The zip holds 1,001 entries; at most 1,000 are allowed.',
      },
    ]);
  });

  it('refuses more than 200 MB declared, before reading any data', async () => {
    const claim = 110 * 1024 * 1024;
    const inspection = await inspect([
      ...goodPackage(),
      { name: 'video1.bin', raw: deflateRawSync('x'), size: claim },
      { name: 'video2.bin', raw: deflateRawSync('x'), size: claim },
    ]);
    expect(errors(inspection)).toContainEqual({
      severity: 'error',
      code: 'too-large',
      message: 'The package unpacks to 220 MB; at most 200 MB are allowed.',
    });
  });

  it('refuses a real zip bomb entry and never unpacks it', async () => {
    const zeros = 50 * 1024 * 1024;
    const bomb = await deflatedZeros(zeros);
    const file = zipFile([...goodPackage(), { name: 'images/bomb.png', raw: bomb, size: zeros }]);
    const inspection = await inspectPackage(file, creative);
    expect(inspection.ok).toBe(false);
    const finding = errors(inspection).find((f) => f.file === 'images/bomb.png');
    expect(finding).toMatchObject({ code: 'zip-bomb' });
    expect(finding?.message).toMatch(/^images\/bomb\.png unpacks to \d+ times its compressed size/);

    const { written, write } = collector();
    await expect(unpackPackage(file, inspection, write)).rejects.toThrow(PackageError);
    expect(written.size).toBe(0);
  });

  it('refuses a zip that unpacks to over 100 times its size in small entries', async () => {
    const part = 900 * 1024; // under the per-entry floor
    const zeros = await deflatedZeros(part);
    const inspection = await inspect([
      ...goodPackage(),
      ...Array.from({ length: 100 }, (_, i) => ({ name: `data/${i}.bin`, raw: zeros, size: part })),
    ]);
    const bombs = errors(inspection).filter((f) => f.code === 'zip-bomb');
    expect(bombs).toHaveLength(1);
    expect(bombs[0]!.file).toBeUndefined();
    expect(bombs[0]!.message).toMatch(/^The zip unpacks to \d+ times its own size \(at most 100 allowed\)/);
  });

  it('refuses a file that is not a zip, and a damaged one', async () => {
    const text = await inspectPackage(zipFile(Buffer.from('<html>not a zip</html>')), creative);
    expect(text).toMatchObject({ ok: false, entryFile: null, fileCount: 0 });
    expect(codes(text)).toEqual(['not-a-zip']);

    const good = buildZip(goodPackage());
    const damaged = Buffer.from(good);
    damaged.writeUInt32LE(0xdeadbeef, damaged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(codes(await inspectPackage(zipFile(damaged), creative))).toEqual(['corrupt']);
  });

  it('refuses a script that holds more than its header declares', async () => {
    const inspection = await inspect([
      { name: 'index.html', data: indexHtml() },
      { name: 'js/main.js', data: `${mainJs}\n${'/* padding */'.repeat(10_000)}`, size: 100 },
    ]);
    expect(errors(inspection)).toEqual([
      {
        severity: 'error',
        code: 'corrupt',
        message: 'js/main.js is damaged or holds more data than the zip declares.',
        file: 'js/main.js',
      },
    ]);
  });

  it('lets a missing zip file fail loudly: it is the caller’s problem, not the producer’s', async () => {
    await expect(inspectPackage(path.join(dir, 'missing.zip'), creative)).rejects.toThrow(/ENOENT/);
  });
});

describe('inspectPackage: warnings', () => {
  const withIndex = (index: string) => inspect(goodPackage('', index));

  it('warns when the ad.size meta tag differs from the creative', async () => {
    const inspection = await withIndex(indexHtml({ head: adSizeMeta('width=728,height=90') }));
    expect(inspection.ok).toBe(true);
    expect(inspection.findings).toEqual([
      {
        severity: 'warning',
        code: 'ad-size-mismatch',
        message: 'The ad.size meta tag says 728x90 but the creative is 300x250.',
        file: 'index.html',
      },
    ]);
  });

  it('warns when the ad.size meta tag is missing or unreadable', async () => {
    const missing = await withIndex(indexHtml({ head: '<meta charset="utf-8">' }));
    expect(missing.findings).toEqual([
      {
        severity: 'warning',
        code: 'ad-size-missing',
        message:
          'index.html has no ad.size meta tag; add <meta name="ad.size" content="width=300,height=250">.',
        file: 'index.html',
      },
    ]);
    const unreadable = await withIndex(indexHtml({ head: adSizeMeta('300x250') }));
    expect(codes(unreadable)).toEqual(['ad-size-invalid']);
  });

  it('reads the ad.size meta tag in any attribute order, quoting and case', async () => {
    for (const head of [
      `<META content='width=300, height=250' NAME="ad.size">`,
      '<meta name=ad.size content=width=300,height=250 />',
      '<meta charset="utf-8"><meta\nname="AD.SIZE"\ncontent="height=250,width=300">',
    ]) {
      expect((await withIndex(indexHtml({ head }))).findings).toEqual([]);
    }
  });

  it('warns when no clickTag is referenced, and takes Enabler.exit as a click too', async () => {
    const plain = 'document.body.onclick = function () {};';
    const without = await inspect([
      { name: 'index.html', data: indexHtml() },
      { name: 'js/main.js', data: plain },
    ]);
    expect(without.findings).toEqual([
      {
        severity: 'warning',
        code: 'no-click-tag',
        message:
          'No clickTag variable is referenced, so clicks on the ad can be neither counted nor sent to the landing page.',
      },
    ]);
    const studio = await inspect([
      { name: 'index.html', data: indexHtml() },
      { name: 'js/main.js', data: "Enabler.exit('Background exit');" },
    ]);
    expect(studio.findings).toEqual([]);
  });

  it('warns once per outside host, naming the first file it appears in', async () => {
    const index = indexHtml({
      body: `<script src="https://evil.example.com/a.js"></script><img src="//cdn.other.net/x.png">
<script src="https://s0.2mdn.net/ads/studio/Enabler.js"></script>
<svg xmlns="http://www.w3.org/2000/svg"></svg><!-- made with https://comment.example.org -->`,
    });
    const inspection = await inspect([
      { name: 'index.html', data: index },
      {
        name: 'js/main.js',
        data: `${mainJs}
// see https://gsap.com/docs for the easing
fetch('https://API.Tracker.io/v1'); load("https://evil.example.com/b.js"); var u = "http:\\/\\/json.escaped.net\\/x";`,
      },
      {
        name: 'css/style.css',
        data: '@import url("//fonts.googleapis.com/css?family=Roboto"); a { background: url(https://img.tracker.io/bg.png); }',
      },
    ]);
    expect(inspection.ok).toBe(true);
    expect(warnings(inspection).map(({ file, message }) => ({ file, message }))).toEqual([
      {
        file: 'css/style.css',
        message:
          'css/style.css refers to img.tracker.io, which is not on the list of allowed hosts; ad servers may reject the package.',
      },
      {
        file: 'index.html',
        message:
          'index.html refers to cdn.other.net, which is not on the list of allowed hosts; ad servers may reject the package.',
      },
      {
        file: 'index.html',
        message:
          'index.html refers to evil.example.com, which is not on the list of allowed hosts; ad servers may reject the package.',
      },
      {
        file: 'js/main.js',
        message:
          'js/main.js refers to api.tracker.io, which is not on the list of allowed hosts; ad servers may reject the package.',
      },
      {
        file: 'js/main.js',
        message:
          'js/main.js refers to json.escaped.net, which is not on the list of allowed hosts; ad servers may reject the package.',
      },
    ]);
  });

  it('takes the caller’s allow-list instead of the default one', async () => {
    const index = indexHtml({ body: '<script src="https://cdn.adserver.test/lib.js"></script>' });
    const ours = await inspect(goodPackage('', index), { allowedHosts: ['cdn.adserver.test'] });
    expect(ours.findings).toEqual([]);
    const none = await inspect(
      goodPackage('', indexHtml({ body: '<link href="https://fonts.googleapis.com/x">' })),
      {
        allowedHosts: [],
      },
    );
    expect(warnings(none).map((f) => f.message)).toEqual([
      'index.html refers to fonts.googleapis.com, which is not on the list of allowed hosts; ad servers may reject the package.',
    ]);
  });

  it('names at most 20 outside hosts, then says there are more', async () => {
    const scripts = Array.from(
      { length: 30 },
      (_, i) => `<script src="https://h${i}.example.com/x.js"></script>`,
    );
    const inspection = await withIndex(indexHtml({ body: scripts.join('') }));
    const hosts = warnings(inspection).filter((f) => f.code === 'outside-host');
    expect(hosts).toHaveLength(PACKAGE_LIMITS.hostWarnings + 1);
    expect(hosts[0]).toEqual({
      severity: 'warning',
      code: 'outside-host',
      message: 'The package refers to more than 20 hosts that are not on the list of allowed hosts.',
    });
  });

  it('sorts findings: errors first, then by file, code and message', async () => {
    const inspection = await inspect([
      { name: 'index.html', data: indexHtml({ head: '', body: '<img src="https://z.example.com/x.png">' }) },
      { name: 'js/main.js', data: 'var x = "https://a.example.com";' },
      { name: '../up.js', data: 'x' },
      { name: 'link', data: 'x', unixMode: 0o120777 },
    ]);
    expect(inspection.findings.map(({ severity, code, file }) => [severity, code, file])).toEqual([
      ['error', 'zip-slip', '../up.js'],
      ['error', 'symlink', 'link'],
      ['warning', 'no-click-tag', undefined],
      ['warning', 'ad-size-missing', 'index.html'],
      ['warning', 'outside-host', 'index.html'],
      ['warning', 'outside-host', 'js/main.js'],
    ]);
  });

  it('reads hostile markup, scripts and styles in linear time', async () => {
    // Each string is large enough that a backtracking pattern would hang the test for hours.
    const n = 200_000;
    const hostile = [
      `<meta ${'a'.repeat(n)}`,
      `<meta name="ad.size" content="${'width=1,'.repeat(n / 8)}`,
      `<meta ${'= '.repeat(n / 2)}>`,
      `"${' '.repeat(n)}`,
      `url(${' '.repeat(n)}`,
      `"//${'a'.repeat(n)}`,
      `"https://${'a-'.repeat(n / 2)}`,
      `="${'\\'.repeat(n)}`,
      '"'.repeat(n),
      `${'clickTag='.repeat(n / 9)}"https://x.example.com"`,
    ].join('\n');
    // Stored, not deflated: text this repetitive deflates past the zip-bomb ratio.
    const inspection = await inspect([
      {
        name: 'index.html',
        data: `${hostile}<meta name="ad.size" content="width=300,height=250">`,
        store: true,
      },
      { name: 'js/main.js', data: hostile, store: true },
      { name: 'css/style.css', data: hostile, store: true },
    ]);
    expect(inspection.ok).toBe(true);
    expect(codes(inspection)).toEqual(['ad-size-invalid']);
  });
});

describe('unpackPackage', () => {
  it('writes exactly the package’s files, root stripped, with their bytes and sizes', async () => {
    const entries = [
      ...goodPackage('banner/'),
      { name: '__MACOSX/banner/._index.html', data: 'AppleDouble' },
    ];
    const file = zipFile(entries);
    const inspection = await inspectPackage(file, creative);
    const { written, sizes, write } = collector();
    await unpackPackage(file, inspection, write);

    expect([...written.keys()].sort()).toEqual([
      'css/style.css',
      'images/logo.png',
      'index.html',
      'js/main.js',
    ]);
    expect(written.get('index.html')!.toString()).toBe(indexHtml());
    expect(written.get('js/main.js')!.toString()).toBe(mainJs);
    expect(written.get('css/style.css')!.toString()).toBe(styleCss);
    expect(written.get('images/logo.png')).toEqual(logoPng);
    expect(Object.fromEntries(sizes)).toEqual(
      Object.fromEntries(inspection.files.map((f) => [f.path, f.size])),
    );
  });

  it('refuses an inspection with errors without writing anything', async () => {
    const file = zipFile([...goodPackage(), { name: '../evil.js', data: 'x' }]);
    const inspection = await inspectPackage(file, creative);
    const { written, write } = collector();
    await expect(unpackPackage(file, inspection, write)).rejects.toThrow(
      'The package has errors and cannot be unpacked.',
    );
    expect(written.size).toBe(0);
  });

  it('refuses a zip that changed since its inspection, before writing anything', async () => {
    const file = zipFile(goodPackage());
    const inspection = await inspectPackage(file, creative);
    fs.writeFileSync(file, buildZip([...goodPackage(), { name: 'images/extra.png', data: logoPng }]));
    const { written, write } = collector();
    await expect(unpackPackage(file, inspection, write)).rejects.toThrow(
      'The package changed since it was inspected.',
    );
    expect(written.size).toBe(0);
  });

  it('never writes more than declared when the headers lie about an entry’s size', async () => {
    // The central directory says 10 bytes, the local header 100 kB; the data inflates to 100 kB.
    const real = Buffer.alloc(100_000, 'x');
    const file = zipFile([
      ...goodPackage(),
      { name: 'images/photo.png', raw: deflateRawSync(real), size: 10, localSize: real.length },
    ]);
    const inspection = await inspectPackage(file, creative);
    expect(inspection.ok).toBe(true); // images are not read while inspecting
    expect(inspection.files).toContainEqual({ path: 'images/photo.png', size: 10 });

    const { written, write } = collector();
    await expect(unpackPackage(file, inspection, write)).rejects.toThrow(
      'images/photo.png does not hold the 10 bytes the zip declares.',
    );
    expect(written.get('images/photo.png')!.length).toBeLessThanOrEqual(10);
  });

  it('refuses an entry holding fewer bytes than declared', async () => {
    const file = zipFile([
      ...goodPackage(),
      { name: 'images/photo.png', raw: deflateRawSync(Buffer.alloc(50, 'x')), size: 60 },
    ]);
    const inspection = await inspectPackage(file, creative);
    await expect(unpackPackage(file, inspection, collector().write)).rejects.toThrow(PackageError);
  });

  it('passes a failing write’s own error through', async () => {
    const file = zipFile(goodPackage());
    const inspection = await inspectPackage(file, creative);
    const failing = async (_path: string, body: Readable) => {
      body.resume();
      throw new Error('disk full');
    };
    await expect(unpackPackage(file, inspection, failing)).rejects.toThrow('disk full');
  });
});
