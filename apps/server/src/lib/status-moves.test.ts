import { STATUS_TRANSITIONS, STATUSES, type Status } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { allowedMoves, checkMove } from './status-moves';

const admin = { roles: ['admin'], permissions: [] };
const editor = { roles: [], permissions: ['edit campaigns'] };
const qa = { roles: [], permissions: ['qa'] };
const otherEditor = { roles: [], permissions: ['edit creatives'] };
const nobody = { roles: [], permissions: [] };

describe('allowedMoves', () => {
  it('gives admins and section writers the whole table', () => {
    for (const from of STATUSES) {
      expect(allowedMoves(admin, 'campaigns', from)).toEqual(STATUS_TRANSITIONS[from]);
      expect(allowedMoves(editor, 'campaigns', from)).toEqual(STATUS_TRANSITIONS[from]);
    }
  });

  it('lets qa move only out of quality assurance and testing', () => {
    expect(allowedMoves(qa, 'campaigns', 'quality assurance')).toEqual([
      'action required',
      'testing',
      'ready',
    ]);
    expect(allowedMoves(qa, 'campaigns', 'testing')).toEqual([
      'action required',
      'quality assurance',
      'ready',
    ]);
    const others = STATUSES.filter((s) => s !== 'quality assurance' && s !== 'testing');
    for (const from of others) expect(allowedMoves(qa, 'campaigns', from)).toEqual([]);
  });

  it('gives nothing to users without access to the section', () => {
    for (const from of STATUSES) {
      expect(allowedMoves(nobody, 'campaigns', from)).toEqual([]);
      expect(allowedMoves(otherEditor, 'campaigns', from)).toEqual([]);
    }
  });

  it('is per section: an editor of creatives is qa-less on campaigns but a writer on creatives', () => {
    expect(allowedMoves(otherEditor, 'creatives', 'draft')).toEqual(['quality assurance', 'testing']);
  });

  it('never allows staying put or a move outside the table', () => {
    for (const from of STATUSES) {
      const allowed: Status[] = allowedMoves(admin, 'campaigns', from);
      expect(allowed).not.toContain(from);
      for (const to of allowed) expect(STATUS_TRANSITIONS[from]).toContain(to);
    }
  });

  it('returns a copy the caller may change', () => {
    allowedMoves(admin, 'campaigns', 'draft').push('live');
    expect(STATUS_TRANSITIONS.draft).toEqual(['quality assurance', 'testing']);
  });
});

describe('checkMove', () => {
  it('accepts a move in the table', () => {
    expect(checkMove(editor, 'campaigns', 'ready', 'live')).toEqual({ ok: true });
  });

  it('refuses naming the step that comes first on the way', () => {
    expect(checkMove(editor, 'campaigns', 'draft', 'live')).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'draft → live is not allowed: move it to quality assurance first.',
    });
  });

  it('says none when the user may not move the item at all', () => {
    expect(checkMove(qa, 'campaigns', 'draft', 'testing')).toEqual({
      ok: false,
      reason: 'not-permitted',
      message: 'draft → testing is not open to you.',
    });
    expect(checkMove(qa, 'campaigns', 'testing', 'ready')).toEqual({ ok: true });
    expect(checkMove(qa, 'campaigns', 'testing', 'live')).toMatchObject({ ok: false, reason: 'not-allowed' });
  });
});
