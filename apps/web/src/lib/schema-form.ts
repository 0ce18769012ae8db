import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked with a contract schema before it submits: its values are the schema's input,
 * what it submits is the schema's output (trimmed text, numbers from fields, defaults filled).
 */
export function useSchemaForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  defaultValues: DefaultValues<I>,
): UseFormReturn<I, unknown, O> {
  return useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
}
