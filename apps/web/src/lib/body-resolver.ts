import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a form whose values are not the API's body (a data source's
 * header rows know whether a value is stored): the body the values make is checked with the
 * contract's schema, whose issue paths are the form's, and a valid form submits its own values.
 */
export function bodyResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
): Resolver<V, unknown, V> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(toBody(values) as FieldValues, context, options as never);
    if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as FieldErrors<V> };
    return { values, errors: {} };
  };
}
