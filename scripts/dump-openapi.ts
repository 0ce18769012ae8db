/**
 * Writes the OpenAPI document the server serves at /docs/json to the file given (default stdout),
 * with its keys sorted, so a refactor can show the document is unchanged: `diff` two dumps.
 * Usage: npx tsx scripts/dump-openapi.ts /tmp/before.json
 */
import fs from 'node:fs';
import { openApiDocument } from './openapi-document';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  return value;
};

const text = `${JSON.stringify(sorted(await openApiDocument()), null, 2)}\n`;
const out = process.argv[2];
if (out) fs.writeFileSync(out, text);
else process.stdout.write(text);
