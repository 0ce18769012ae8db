/**
 * The import boundaries of the house (STYLE.md), which Biome's rules cannot say with relative
 * imports; run by `npm run lint`:
 * - a server module reaches another only through its service interface (`modules/<b>/index.ts`),
 *   never its repository, service or routes files;
 * - the server's `lib/` stays below the modules and the database's tables (`modules/`, `db/schema`);
 * - the server's `db/` stays below the modules too (seeding them is `cli/`'s);
 * - a web feature never imports another feature (the app composes them);
 * - the web's shared code, `components/` and `lib/`, never imports a feature (bulletproof-react's
 *   third zone: imports flow shared → features → app).
 * Import cycles are Biome's (`noImportCycles`). Imports that broke these rules before the rules
 * existed are listed in `scripts/boundaries-baseline.json`: the list may only shrink — a new
 * crossing fails, and so does an entry that no longer occurs (remove it).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASELINE = path.join(ROOT, 'scripts/boundaries-baseline.json');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

interface Crossing {
  from: string;
  to: string;
  rule: string;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The repository-relative path an import names, without its extension. */
const target = (from: string, specifier: string) =>
  path
    .normalize(path.join(path.dirname(from), specifier))
    .replace(/\.(tsx?|js)$/, '')
    .replaceAll(path.sep, '/');

const areaOf = (file: string, base: string) =>
  file.startsWith(`${base}/`) ? file.slice(base.length + 1).split('/')[0] : undefined;

function crossingsOf(file: string): Crossing[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: Crossing[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const to = target(file, (match[1] ?? match[2])!);
    if (file.startsWith(`${SERVER}/modules/`)) {
      const mine = areaOf(file, `${SERVER}/modules`);
      const theirs = areaOf(to, `${SERVER}/modules`);
      const viaIndex = to === `${SERVER}/modules/${theirs}` || to === `${SERVER}/modules/${theirs}/index`;
      if (theirs && theirs !== mine && !viaIndex)
        found.push({ from: file, to, rule: `module ${mine} reaches into module ${theirs}` });
    }
    if (
      file.startsWith(`${SERVER}/lib/`) &&
      (to.startsWith(`${SERVER}/modules/`) || to === `${SERVER}/db/schema`)
    )
      found.push({ from: file, to, rule: 'lib/ depends on a module or on the tables' });
    if (file.startsWith(`${SERVER}/db/`) && to.startsWith(`${SERVER}/modules/`))
      found.push({ from: file, to, rule: 'db/ depends on a module' });
    if (file.startsWith(`${WEB}/features/`)) {
      const mine = areaOf(file, `${WEB}/features`);
      const theirs = areaOf(to, `${WEB}/features`);
      if (theirs && theirs !== mine)
        found.push({ from: file, to, rule: `feature ${mine} imports feature ${theirs}` });
    }
    if (
      (file.startsWith(`${WEB}/components/`) || file.startsWith(`${WEB}/lib/`)) &&
      to.startsWith(`${WEB}/features/`)
    )
      found.push({ from: file, to, rule: 'shared web code imports a feature' });
  }
  return found;
}

const key = (c: Crossing) => `${c.from} -> ${c.to}`;
const crossings = [...sources(SERVER), ...sources(WEB)].flatMap(crossingsOf);
const known = new Set<string>(fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, 'utf8')) : []);

if (process.argv.includes('--write-baseline')) {
  fs.writeFileSync(BASELINE, `${JSON.stringify([...new Set(crossings.map(key))].sort(), null, 2)}\n`);
  console.log(`boundaries: ${crossings.length} crossings written to the baseline`);
  process.exit(0);
}

const fresh = crossings.filter((c) => !known.has(key(c)));
const seen = new Set(crossings.map(key));
const gone = [...known].filter((k) => !seen.has(k));
for (const c of fresh) console.error(`${c.from}: ${c.rule} (${c.to})`);
for (const k of gone) console.error(`scripts/boundaries-baseline.json: "${k}" no longer occurs; remove it`);
if (fresh.length > 0 || gone.length > 0) {
  console.error(`boundaries: ${fresh.length} new crossing(s), ${gone.length} stale baseline entr(ies)`);
  process.exit(1);
}
console.log(
  known.size > 0
    ? `boundaries: no new crossings (${known.size} in the baseline, to be removed)`
    : 'boundaries: no crossings',
);
