import { z } from 'zod';

export const FeedbackBodySchema = z.object({
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(5000, 'The message may not be greater than 5000 characters.'),
  page: z.string().trim().max(500, 'The page may not be greater than 500 characters.').nullish(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackCreatedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
