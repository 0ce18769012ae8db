import { describe, expect, it } from 'vitest';
import { canAccess, SECTIONS } from './access';

const user = (permissions: string[], roles: string[] = []) => ({ permissions, roles });

describe('canAccess', () => {
  it.each(SECTIONS)('admin may do everything in %s', (section) => {
    for (const action of ['read', 'write', 'sidebar'] as const) {
      expect(canAccess(user([], ['admin']), section, action)).toBe(true);
    }
  });

  it.each(SECTIONS)('edit %s gives read, write and the sidebar entry of that section only', (section) => {
    const editor = user([`edit ${section}`]);
    expect(canAccess(editor, section, 'read')).toBe(true);
    expect(canAccess(editor, section, 'write')).toBe(true);
    expect(canAccess(editor, section, 'sidebar')).toBe(true);
    for (const other of SECTIONS.filter((s) => s !== section)) {
      expect(canAccess(editor, other, 'read')).toBe(false);
      expect(canAccess(editor, other, 'sidebar')).toBe(false);
    }
  });

  it.each(SECTIONS)('qa may enter %s but neither write nor see it in the sidebar', (section) => {
    const qa = user(['qa']);
    expect(canAccess(qa, section, 'read')).toBe(true);
    expect(canAccess(qa, section, 'write')).toBe(false);
    expect(canAccess(qa, section, 'sidebar')).toBe(false);
  });

  it('nobody without permissions, and no user at all, gets nothing', () => {
    for (const section of SECTIONS) {
      expect(canAccess(user([]), section, 'read')).toBe(false);
      expect(canAccess(null, section, 'read')).toBe(false);
      expect(canAccess(undefined, section, 'sidebar')).toBe(false);
    }
  });

  it('does not treat look-alike permissions as grants', () => {
    expect(canAccess(user(['edit campaign']), 'campaigns', 'read')).toBe(false);
    expect(canAccess(user(['Edit campaigns']), 'campaigns', 'write')).toBe(false);
    expect(canAccess(user(['QA']), 'campaigns', 'read')).toBe(false);
    expect(canAccess(user([], ['Admin']), 'campaigns', 'read')).toBe(false);
  });
});
