import type { Db } from '../../db/database';

export const createFeedbackRepository = (db: Db) => ({
  insert: async (row: {
    company_id: number;
    user_id: number;
    message: string;
    page: string | null;
    created_at: string;
  }) => (await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow()).id,
});
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
