import { describe, expect, it } from 'vitest';
import { moveRefusal, STATUS_ROAD, STATUS_TRANSITIONS, STATUSES, type Status, statusPath } from './statuses';

/** Every chain of moves of `length` steps from `from` (brute force, to check the search against). */
function chains(from: Status, length: number): Status[][] {
  if (length === 0) return [[from]];
  return STATUS_TRANSITIONS[from].flatMap((next) => chains(next, length - 1).map((rest) => [from, ...rest]));
}

describe('statusPath', () => {
  it('walks the main road from draft to live', () => {
    expect(statusPath('draft', 'live')).toEqual(['draft', 'quality assurance', 'ready', 'live']);
    expect(STATUS_ROAD).toEqual(['draft', 'quality assurance', 'ready', 'live']);
  });

  it('takes the branches where they are shorter, and back onto the road', () => {
    expect(statusPath('testing', 'live')).toEqual(['testing', 'ready', 'live']);
    expect(statusPath('action required', 'live')).toEqual([
      'action required',
      'quality assurance',
      'ready',
      'live',
    ]);
    expect(statusPath('delivered', 'live')).toEqual(['delivered', 'live']);
    expect(statusPath('finished', 'ready')).toEqual([
      'finished',
      'live',
      'action required',
      'quality assurance',
      'ready',
    ]);
  });

  it('is the status alone when it is already there', () => {
    for (const status of STATUSES) expect(statusPath(status, status)).toEqual([status]);
  });

  it('is a shortest chain of allowed moves between any two statuses', () => {
    for (const from of STATUSES)
      for (const to of STATUSES) {
        const path = statusPath(from, to)!;
        expect(path[0]).toBe(from);
        expect(path.at(-1)).toBe(to);
        for (let i = 1; i < path.length; i++) expect(STATUS_TRANSITIONS[path[i - 1]!]).toContain(path[i]);
        // No shorter chain exists.
        for (let shorter = 0; shorter < path.length - 1; shorter++)
          expect(chains(from, shorter).some((chain) => chain.at(-1) === to)).toBe(false);
      }
  });
});

describe('moveRefusal', () => {
  it('names the first step of the shortest way for a move the table lacks', () => {
    expect(moveRefusal('draft', 'live', ['quality assurance', 'testing'])).toBe(
      'draft → live is not allowed: move it to quality assurance first',
    );
    expect(moveRefusal('testing', 'live', ['action required', 'quality assurance', 'ready'])).toBe(
      'testing → live is not allowed: move it to ready first',
    );
    expect(moveRefusal('live', 'testing', ['finished', 'action required'])).toBe(
      'live → testing is not allowed: move it to action required first',
    );
  });

  it('keeps permission refusals apart, and words an unknown status plainly', () => {
    expect(moveRefusal('draft', 'testing', [])).toBe('draft → testing is not open to you');
    expect(moveRefusal('its status', 'ready', ['live'])).toBe('its status → ready is not allowed');
  });
});
