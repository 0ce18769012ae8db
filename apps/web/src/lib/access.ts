import { type AccessAction, canAccess, type Section } from '@adstudio/contract';
import { useUser } from './auth';

export { canAccess, SECTIONS, type Section } from '@adstudio/contract';

/** Whether the signed-in user may use a section (route entry 'read', sidebar entry 'sidebar'). */
export function useCanAccess(section: Section, action: AccessAction): boolean {
  return canAccess(useUser(), section, action);
}
