import type { ReportNews } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { newsSentence } from './whats-new';

const item = (change: Partial<ReportNews['items'][number]>): ReportNews['items'][number] => ({
  kind: 'status',
  at: '2026-11-21T14:02:00Z',
  creative: { id: 1, name: 'Leaderboard' },
  from: null,
  to: null,
  publisher: null,
  ...change,
});

describe("what's new", () => {
  it('says each change as a sentence', () => {
    expect(
      [
        item({ kind: 'new_creative' }),
        item({ from: 'draft', to: 'live' }),
        item({ creative: null, from: 'ready', to: 'live' }),
        item({ kind: 'approval', to: 'approved', publisher: 'Daily Herald' }),
        item({ kind: 'approval', to: 'rejected', publisher: 'Daily Herald' }),
      ].map(newsSentence),
    ).toEqual([
      "Creative 'Leaderboard' was added",
      "Creative 'Leaderboard' moved from draft to live",
      'The campaign moved from ready to live',
      "Daily Herald approved 'Leaderboard'",
      "Daily Herald rejected 'Leaderboard'",
    ]);
  });
});
