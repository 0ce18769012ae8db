import { ErrorBodySchema, ValidationErrorBodySchema } from '@adstudio/contract';
import { z } from 'zod';
import { idParam } from './params';

/** Pieces every slice's routes share; route-docs adds the answers every route has. */
export const idParams = z.object({ id: idParam });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const noContent = z.null();

/** The permission checks' 403, which route-docs cannot know a route has. */
export const forbiddenAnswer = {
  403: ErrorBodySchema.describe('The user may not do this (permission or status rule).'),
};
export const staleAnswer = (noun: string) => ({
  409: ErrorBodySchema.describe(`The ${noun} changed meanwhile: reload and re-apply.`),
});
/** A 422 that refuses the item as a whole (a delete while in use…): its message is also on `errors.id`. */
export const refusedAnswer = (why: string) => ({ 422: ValidationErrorBodySchema.describe(why) });
