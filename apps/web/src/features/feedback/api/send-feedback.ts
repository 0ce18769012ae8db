import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const FeedbackFormSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'The message field is required.')
    .max(5000, 'Keep it under 5000 characters.'),
  page: z.string().trim().max(2048).optional(),
});
export type FeedbackForm = z.infer<typeof FeedbackFormSchema>;

/** POST /v1/feedback {message, page?} → 201 {data: {id}}. */
export async function sendFeedback(form: FeedbackForm): Promise<{ id: number | string }> {
  const response = await api.post('/v1/feedback', { message: form.message, page: form.page || undefined });
  return z.object({ data: z.object({ id: z.union([z.number(), z.string()]) }) }).parse(response.data).data;
}

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
