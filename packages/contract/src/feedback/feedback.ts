import { z } from 'zod';
import { textField } from '../common/fields';

export const FeedbackBodySchema = z.object({
  message: textField('message', { multiline: true, required: true, max: 5000 }),
  page: textField('page', { max: 500 }).nullish(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackCreatedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
