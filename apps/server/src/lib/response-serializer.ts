import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Compile = typeof zodSerializerCompiler;

/**
 * Answers are written by a serializer compiled from their response schema (fast-json-stringify on
 * the schema's JSON Schema), not by a zod pass followed by `JSON.stringify`: a page of 25 campaigns
 * serializes in ~30 µs instead of ~100 µs, a sixth of a list request. It writes the declared
 * properties only, in the schema's order, so a column a handler forgot to leave out (a password
 * hash) never reaches an answer — the safety net the zod pass gave. What it does not do is check
 * values: in tests and development (`check`) every answer is also serialized by the zod pass and
 * the two must be byte for byte the same, so a value the schema does not allow fails there as it
 * did (a 500), and a difference between the two serializers fails as well. A schema without a
 * JSON Schema form (a transform) keeps the zod pass.
 */
export function createResponseSerializerCompiler({ check }: { check: boolean }): Compile {
  return (route) => {
    const checked = zodSerializerCompiler(route);
    const zod = resolve(route.schema);
    if (!zod) return checked;
    if (!check)
      return (data) => {
        const fast = compiled(zod);
        if (!fast) return checked(data);
        try {
          return fast(data);
        } catch {
          // A value the compiled serializer cannot place (tests have seen none): the zod pass
          // writes it or answers why not.
          return checked(data);
        }
      };
    return (data) => {
      const expected = checked(data);
      const fast = compiled(zod);
      if (!fast) return expected;
      const written = fast(data);
      if (written !== expected)
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written.slice(0, 2000)} where the response schema writes ${expected.slice(0, 2000)}`,
        );
      return written;
    };
  };
}

/**
 * Each schema's serializer, compiled when first used (a server has ~1,200 response schemas, most of
 * them error answers seldom sent: compiling all at start would add ~0.3 s to it) and once per process
 * (routes share schemas, and tests build many servers); `null` when the schema has no JSON Schema form.
 */
const serializers = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

function compiled(zod: z.ZodType): ((data: unknown) => string) | undefined {
  let serializer = serializers.get(zod);
  if (serializer === undefined) {
    try {
      const json = z.toJSONSchema(zod, { target: 'draft-07', io: 'output', unrepresentable: 'throw' });
      serializer = fastJson(anyTuples(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      serializer = null;
    }
    serializers.set(zod, serializer);
  }
  return serializer ?? undefined;
}

function resolve(schema: unknown): z.ZodType | undefined {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  if (schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof $ZodType)
    return schema.properties as z.ZodType;
  return undefined;
}

/**
 * A tuple of unconstrained items (`[before, after]` of a history entry's changes) as a plain array:
 * fast-json-stringify refuses every value for an empty schema in a tuple, and the array's length is
 * nothing a serializer checks.
 */
function anyTuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anyTuples);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, anyTuples(value)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const items = schema.items;
  if (Array.isArray(items) && items.every((item) => item && Object.keys(item).length === 0)) {
    schema.items = {};
    delete schema.additionalItems;
  }
  return schema;
}
