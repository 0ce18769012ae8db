import { FeedbackBodySchema, FeedbackCreatedResponseSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const FeedbackFormSchema = FeedbackBodySchema;
export type FeedbackForm = z.input<typeof FeedbackFormSchema>;

/** POST /v1/feedback {message, page?} → 201 {data: {id}}. */
export async function sendFeedback(form: FeedbackForm): Promise<{ id: number }> {
  const response = await api.post('/v1/feedback', { message: form.message, page: form.page || undefined });
  return FeedbackCreatedResponseSchema.parse(response.data).data;
}

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
