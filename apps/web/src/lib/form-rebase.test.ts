import { describe, expect, it } from 'vitest';
import { rebaseFormValues, sameFormValues } from './form-rebase';

const loaded = {
  name: 'Spring',
  url: 'https://one.example.com',
  launch_date: '2026-03-01',
  end_date: '',
  ranges: [{ start: '2026-03-01', end: '2026-03-10' }],
};

describe('rebaseFormValues', () => {
  it("keeps the user's edits and takes everything else from the latest version", () => {
    const edited = { ...loaded, name: 'Spring (mine)' };
    const latest = { ...loaded, url: 'https://theirs.example.com', end_date: '2026-03-31' };
    expect(rebaseFormValues(loaded, edited, latest)).toEqual({
      ...latest,
      name: 'Spring (mine)',
    });
  });

  it('re-applies an edit of the same field over theirs, and ranges as one field', () => {
    const edited = { ...loaded, url: '', ranges: [] };
    const latest = {
      ...loaded,
      url: 'https://theirs.example.com',
      ranges: [{ start: '2026-03-02', end: '2026-03-03' }],
    };
    expect(rebaseFormValues(loaded, edited, latest)).toEqual({ ...latest, url: '', ranges: [] });
  });

  it('is the latest version when nothing was edited', () => {
    const latest = { ...loaded, name: 'Renamed' };
    expect(rebaseFormValues(loaded, { ...loaded }, latest)).toEqual(latest);
  });
});

describe('sameFormValues', () => {
  it('compares what the form shows, ranges by value', () => {
    expect(sameFormValues(loaded, { ...loaded, ranges: [{ start: '2026-03-01', end: '2026-03-10' }] })).toBe(
      true,
    );
    expect(sameFormValues(loaded, { ...loaded, end_date: '2026-03-31' })).toBe(false);
  });
});
