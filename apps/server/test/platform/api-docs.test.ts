import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../src/modules/webhooks';
import { travelCreative } from '../ad-tags/fixtures';
import { buildTestApp, engine, PASSWORD, type TestApp } from '../helper';
import { insertMediaEntity } from '../media-entities/fixtures';
import { insertCampaign } from '../rows';
import { freePort } from '../support/server-process';

/**
 * docs/api.md's examples, run against a listening server: its ```sh blocks in one bash session
 * (Sign in first, as the others use its `$jar` and `xsrf`), then its ```js webhook verifier in Node.
 * The blocks are read from the file as it is; the only changes made to them are these placeholders:
 * - `http://localhost:8080` → this server's URL;
 * - a token shown as `'12|Vb2…'` → a real read+write token of the signed-in admin;
 * - `"password":"…"` → the admin's password (the doc signs in as admin@example.com);
 * - a line of assignments whose comment ends in "from the app" (`creative=12 tag=7  # ids from
 *   the app`) → the same names assigned this test's ids and tokens.
 * Each curl's status must be the one its comment gives (`# 204`, `# 201 {data: …}`, on its last
 * line or the comment line after it), else a 2xx.
 */

const DOC = path.resolve(__dirname, '../../../../docs/api.md');
const BASH = '/usr/bin/bash';
/** Blocks the docs mark `<!-- not run: {reason} -->`: the only reasons accepted, and why. */
const NOT_RUN: Record<string, string> = {
  // Schemathesis is a Python tool and PyPI is not reachable here or in CI; openapi.test.ts checks
  // the document the way Schemathesis reads it.
  'needs schemathesis': 'Schemathesis is not installed',
};

interface Block {
  lang: string;
  section: string;
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  notRun?: string;
}

/** The fenced blocks of a Markdown file, with their `## ` section and a `not run` marker above them. */
function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (.*)/.exec(lines[i]!);
    if (heading) section = heading[1]!.trim();
    const fence = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    if (end === -1) throw new Error(`docs/api.md:${i + 1}: unclosed fence`);
    const above = lines.slice(0, i).findLast((l) => l.trim() !== '');
    blocks.push({
      lang: fence[1]!,
      section,
      line: i + 1,
      text: lines.slice(i + 1, end).join('\n'),
      notRun: /^<!-- not run: (.+?) -->$/.exec(above?.trim() ?? '')?.[1],
    });
    i = end;
  }
  return blocks;
}

interface Command {
  text: string;
  /** The status its comment names, else undefined (any 2xx). */
  status?: number;
}

/** The block's curl commands (continuation lines joined), each with the status its comment names. */
function curlCommands(block: string): Command[] {
  const lines = block.split('\n');
  const commands: Command[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    while (lines[i]!.endsWith('\\') && i + 1 < lines.length) i++;
    if (!/^\s*curl\s/.test(lines[start]!)) continue;
    const trailing = /\s#\s*(\d{3})\b/.exec(lines[i]!);
    const after = /^\s*#\s*(\d{3})\b/.exec(lines[i + 1] ?? '');
    const status = trailing?.[1] ?? after?.[1];
    commands.push({
      text: lines.slice(start, i + 1).join('\n'),
      status: status === undefined ? undefined : Number(status),
    });
  }
  return commands;
}

/**
 * Records each curl's status on stderr after what the doc's own `-w` asks for (a second `-w` would
 * replace the first, so the doc's is folded into ours).
 */
const PRELUDE = String.raw`set -euo pipefail
curl() {
  local args=() format=''
  while (($#)); do
    case $1 in
      -w | --write-out) format=$2; shift 2 ;;
      *) args+=("$1"); shift ;;
    esac
  done
  command curl "${'$'}{args[@]}" -w "$format%{stderr}@status %{http_code}\n"
}
`;

let t: TestApp;
let baseUrl: string;
let values: Record<string, string>;
const blocks = fencedBlocks(fs.readFileSync(DOC, 'utf8'));

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ APP_URL: baseUrl });
  expect(t.app.server.listening).toBe(false);
  await t.app.listen({ port, host: '127.0.0.1' });

  const admin = await t.injectAs(
    await t.createUser({ name: 'Admin', email: 'admin@example.com', roles: ['admin'] }),
  );
  const made = await admin.post('/v1/user/tokens', { name: 'Docs', abilities: ['read', 'write'] });
  expect(made.statusCode, made.body).toBe(201);
  const campaign = await insertCampaign(t.db, { companyId: t.companyId, name: 'Spring', status: 'live' });
  // A live creative of a live campaign, with an approved package and a feed: its tags serve a variant.
  const travel = await travelCreative(t, t.companyId);
  const tag = async (name: string) => {
    const res = await admin.post(`/v1/creatives/${travel.creativeId}/tags`, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; token: string };
  };
  // The ad tags example revokes `tag`; the served-tags example serves another one.
  const revoked = await tag('Revoked by the example');
  const served = await tag('Served by the example');
  values = {
    token: made.json().data.token,
    campaign: String(campaign),
    creative: String(travel.creativeId),
    publisher: String(await insertMediaEntity(t.db, { companyId: t.companyId, name: 'Daily Planet' })),
    tag: String(revoked.id),
    tag_token: served.token,
  };
  await t.app.services.adServing.settled();
});
afterAll(() => t?.close());

/** The block as the test runs it: the placeholders above replaced, each required to be found. */
function runnable(block: Block): { script: string; replaced: Set<string> } {
  const replaced = new Set<string>();
  const replace = (text: string, what: string, pattern: RegExp, by: (...m: string[]) => string) =>
    text.replace(pattern, (...m: string[]) => {
      replaced.add(what);
      return by(...m);
    });
  let script = block.text;
  script = replace(script, 'url', /http:\/\/localhost:8080/g, () => baseUrl);
  script = replace(script, 'token', /'12\|Vb2…'/g, () => `'${values.token}'`);
  script = replace(script, 'password', /"password":"…"/g, () => `"password":${JSON.stringify(PASSWORD)}`);
  script = replace(
    script,
    'ids',
    /^((?:\w+=\S+\s+)*\w+=\S+)\s+#[^\n]*from the app$/gm,
    (_, assignments: string) =>
      assignments
        .split(/\s+/)
        .map((assignment) => {
          const name = assignment.split('=')[0]!;
          const value = values[name];
          if (value === undefined)
            throw new Error(`docs/api.md:${block.line}: no value for ${name} (from the app)`);
          return `${name}='${value}'`;
        })
        .join(' '),
  );
  return { script, replaced };
}

const run = (script: string, cwd: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(BASH, ['-c', script], { cwd, timeout: 45_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });

describe(`docs/api.md's examples (${engine})`, () => {
  it('finds the blocks it runs, and skips only those marked with a known reason', () => {
    const sh = blocks.filter((b) => b.lang === 'sh');
    expect(sh.length).toBeGreaterThanOrEqual(7);
    for (const block of blocks.filter((b) => b.notRun)) {
      expect(NOT_RUN, `docs/api.md:${block.line}: not run: ${block.notRun}`).toHaveProperty([block.notRun!]);
    }
    // Exactly the Schemathesis command is left out.
    expect(sh.filter((b) => b.notRun).map((b) => b.text)).toEqual([
      expect.stringContaining('scripts/schemathesis.sh'),
    ]);
    expect(blocks.filter((b) => b.lang === 'js')).toHaveLength(1);
  });

  it('answers each curl as its comment says', async () => {
    const sh = blocks.filter((b) => b.lang === 'sh' && !b.notRun);
    // Sign in defines $jar and xsrf, which earlier sections use; then the document's order.
    const ordered = [
      ...sh.filter((b) => b.section === 'Sign in'),
      ...sh.filter((b) => b.section !== 'Sign in'),
    ];
    expect(ordered[0]?.section).toBe('Sign in');
    const replaced = new Set<string>();
    const parts = ordered.map((block) => {
      const done = runnable(block);
      for (const what of done.replaced) replaced.add(what);
      return `# docs/api.md:${block.line} (${block.section})\n${done.script}`;
    });
    expect([...replaced].sort()).toEqual(['ids', 'password', 'token', 'url']);
    const expected = ordered.flatMap((block) =>
      curlCommands(block.text).map((c) => ({ ...c, where: `docs/api.md:${block.line}` })),
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-api-docs-'));
    try {
      const { code, stdout, stderr } = await run(`${PRELUDE}\n${parts.join('\n\n')}\n`, dir);
      const context = `exit ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`;
      expect(code, context).toBe(0);
      const statuses = [...stderr.matchAll(/^@status (\d{3})$/gm)].map((m) => Number(m[1]));
      expect(statuses.length, context).toBe(expected.length);
      const answers = expected.map((command, i) => {
        const ok =
          command.status === undefined
            ? statuses[i]! >= 200 && statuses[i]! < 300
            : statuses[i] === command.status;
        return `${ok ? 'ok ' : 'BAD'} ${statuses[i]} (doc: ${command.status ?? '2xx'}) ${command.where} ${command.text.split('\n')[0]!.trim()}`;
      });
      expect(
        answers.filter((a) => !a.startsWith('ok')),
        `${answers.join('\n')}\n${context}`,
      ).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A python3 and a curl process per command: seconds on a loaded 2-core CI machine.
  }, 60_000);

  it("verifies the server's webhook signatures with the doc's verifier", async () => {
    const [block] = blocks.filter((b) => b.lang === 'js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-api-docs-'));
    try {
      const file = path.join(dir, 'verify.mjs');
      fs.writeFileSync(file, block!.text);
      const { verified } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
        verified: (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;
      };
      const secret = 'whsec_docs';
      const body = JSON.stringify({ id: 'evt_1', type: 'campaign.status_changed', data: { id: 42 } });
      const header = signatureOf(secret, body, Date.now());
      expect(verified(body, header, secret)).toBe(true);
      expect(verified(body.replace('42', '43'), header, secret)).toBe(false);
      expect(verified(body, header, 'another secret')).toBe(false);
      expect(verified(body, signatureOf(secret, body, Date.now() - 3600_000), secret)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
