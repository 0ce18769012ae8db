/** Users' feedback messages: the service's type. */
export type { FeedbackService } from './feedback.service';
