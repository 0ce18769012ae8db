import { HistoryEntrySchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { profileKeys } from './keys';

/** GET /v1/profiles/{id}/history → the audit entries, newest first (asked again on every visit). */
const profileHistory = (id: number) =>
  wholeListQuery({ list: () => profileKeys.history(id) }, HistoryEntrySchema, `/v1/profiles/${id}/history`, {
    staleTime: 0,
  });

export const useProfileHistory = (id: number) => profileHistory(id).useList();
