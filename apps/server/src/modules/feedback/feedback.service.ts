import type { FeedbackBody, User } from '@adstudio/contract';
import { nowIso } from '../../lib/time';
import type { FeedbackRepository } from './feedback.repository';

interface Deps {
  feedback: FeedbackRepository;
}

export function createFeedbackService({ feedback }: Deps) {
  return {
    /** Stores a message from the signed-in user, with the page it was sent from. */
    async create(user: User, body: FeedbackBody): Promise<{ id: number }> {
      const id = await feedback.insert({
        company_id: user.company_id,
        user_id: user.id,
        message: body.message,
        page: body.page || null,
        created_at: nowIso(),
      });
      return { id };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
