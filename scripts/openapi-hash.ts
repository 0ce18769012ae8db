/**
 * Prints the SHA-256 of the OpenAPI document the server serves (`npx tsx scripts/openapi-hash.ts`),
 * so that a change meant to keep behaviour (a move, a refactor) can show the document unchanged:
 * run it before and after. `--write FILE` also writes the document there, to diff when it differs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { openApiDocument } from './openapi-document';

const text = JSON.stringify(await openApiDocument(), null, 2);
const at = process.argv.indexOf('--write');
if (at !== -1 && process.argv[at + 1]) fs.writeFileSync(process.argv[at + 1]!, text);
console.log(createHash('sha256').update(text).digest('hex'));
process.exit(0);
