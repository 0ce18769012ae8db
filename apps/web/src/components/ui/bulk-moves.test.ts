import { describe, expect, it } from 'vitest';
import { bulkMoves, noMoveReason } from './bulk-moves';

const draft = { status: 'draft', allowed_statuses: ['quality assurance', 'testing'] } as const;
const testing = {
  status: 'testing',
  allowed_statuses: ['action required', 'quality assurance', 'ready'],
} as const;
const ready = { status: 'ready', allowed_statuses: ['delivered', 'live', 'action required'] } as const;
/** What a qa user sees on a draft: no move is open to them. */
const qaDraft = { status: 'draft', allowed_statuses: [] } as const;

describe('bulkMoves', () => {
  it('offers every move some selected item allows, in the statuses’ order', () => {
    expect(bulkMoves([draft, testing]).map((move) => move.status)).toEqual([
      'action required',
      'quality assurance',
      'testing',
      'ready',
    ]);
  });

  it('offers nothing no selected item allows', () => {
    expect(bulkMoves([draft, draft]).map((move) => move.status)).not.toContain('ready');
    expect(bulkMoves([qaDraft])).toEqual([]);
  });

  it('says of each move how many selected items cannot make it, and why', () => {
    const moves = new Map(
      bulkMoves([draft, draft, testing, testing]).map((move) => [move.status, move.note]),
    );
    expect(moves.get('ready')).toBe(
      '2 of 4 cannot: draft → ready is not allowed: move it to quality assurance first',
    );
    expect(moves.get('quality assurance')).toBeNull();
    expect(moves.get('testing')).toBe('2 of 4 are already testing');
  });

  it('names each reason with its count when there are several', () => {
    const moves = new Map(
      bulkMoves([draft, testing, ready, qaDraft]).map((move) => [move.status, move.note]),
    );
    expect(moves.get('action required')).toBe(
      '2 of 4 cannot: draft → action required is not allowed: move it to quality assurance first (1), draft → action required is not open to you (1)',
    );
    expect(moves.get('ready')).toBe(
      '2 of 4 cannot: draft → ready is not allowed: move it to quality assurance first (1), draft → ready is not open to you (1); 1 is already ready',
    );
  });

  it('explains why no move is offered', () => {
    expect(noMoveReason([qaDraft, { status: 'ready', allowed_statuses: [] }, qaDraft])).toBe(
      'No status change is open to you from draft, ready.',
    );
  });
});
