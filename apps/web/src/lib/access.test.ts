import { describe, expect, it } from 'vitest';
import { canAccess, SECTIONS } from './access';

const user = (permissions: string[], roles: string[] = []) => ({ permissions, roles });

describe('access (spec section 6)', () => {
  it('lets admins into every section and its sidebar entry', () => {
    for (const section of SECTIONS) {
      expect(canAccess(user([], ['admin']), section, 'read')).toBe(true);
      expect(canAccess(user([], ['admin']), section, 'sidebar')).toBe(true);
    }
  });
  it('shows a section in the sidebar with its edit permission only', () => {
    const editor = user(['edit campaigns']);
    expect(canAccess(editor, 'campaigns', 'sidebar')).toBe(true);
    expect(canAccess(editor, 'campaigns', 'read')).toBe(true);
    expect(canAccess(editor, 'creatives', 'sidebar')).toBe(false);
    expect(canAccess(editor, 'creatives', 'read')).toBe(false);
  });
  it('lets qa enter every section without a sidebar entry', () => {
    const qa = user(['qa']);
    for (const section of SECTIONS) {
      expect(canAccess(qa, section, 'read')).toBe(true);
      expect(canAccess(qa, section, 'sidebar')).toBe(false);
      expect(canAccess(qa, section, 'write')).toBe(false);
    }
  });
  it('refuses without a user', () => {
    expect(canAccess(null, 'campaigns', 'read')).toBe(false);
  });
});
