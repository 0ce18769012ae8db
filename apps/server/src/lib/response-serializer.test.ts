import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const Item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const serializer = (check: boolean, schema: z.ZodType = Item) =>
  createResponseSerializerCompiler({ check })(route(schema) as never) as (data: unknown) => string;

const row = { id: 7, name: 'Café "Ö"\n', note: null, changes: { name: ['a', { b: [1, null] }] } };

describe('the compiled response serializer', () => {
  it('writes what the zod pass writes, in the schema’s order, and no property the schema lacks', () => {
    const secret = { password_hash: 'x', ...row, extra: 1 };
    for (const check of [true, false]) {
      const written = serializer(check)(secret);
      expect(written).toBe(JSON.stringify(Item.parse(secret)));
      expect(written).not.toContain('password_hash');
      expect(Object.keys(JSON.parse(written))).toEqual(['id', 'name', 'note', 'changes']);
    }
  });

  it('in tests fails on a value the schema does not allow, as the zod pass did', () => {
    expect(() => serializer(true)({ ...row, note: 3 })).toThrow();
    expect(() => serializer(true)({ ...row, id: 1.5 })).toThrow();
  });

  it('keeps the zod pass for a schema without a JSON Schema form, checks and all', () => {
    const Custom = z.object({ n: z.custom<string>((value) => typeof value === 'string') });
    expect(() => z.toJSONSchema(Custom)).toThrow();
    for (const check of [true, false]) {
      expect(serializer(check, Custom)({ n: 'abc', extra: 1 })).toBe('{"n":"abc"}');
      expect(() => serializer(check, Custom)({ n: 3 })).toThrow();
    }
  });
});
