import { STATUSES } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { render } from '../../lib/test-render';
import { roadSentence, roadSteps, StatusPath } from './status-path';

const shown = (current: Parameters<typeof roadSteps>[0]) =>
  roadSteps(current).map((step) => `${step.status}:${step.state}`);

describe('the way to live', () => {
  it('is the main road, with what lies ahead of a draft', () => {
    expect(shown('draft')).toEqual(['draft:current', 'quality assurance:ahead', 'ready:ahead', 'live:ahead']);
    expect(roadSentence('draft')).toBe('Next: quality assurance, then ready, then live.');
    expect(shown('live')).toEqual(['draft:aside', 'quality assurance:aside', 'ready:aside', 'live:current']);
    expect(roadSentence('live')).toBe('It is live.');
  });

  it('shows the branch an item stands on, in its place, and the way back onto the road', () => {
    expect(shown('testing')).toEqual([
      'draft:aside',
      'quality assurance:aside',
      'testing:current',
      'ready:ahead',
      'live:ahead',
    ]);
    expect(roadSentence('testing')).toBe('Off the main road. Next: ready, then live.');
    expect(shown('action required')).toEqual([
      'draft:aside',
      'action required:current',
      'quality assurance:ahead',
      'ready:ahead',
      'live:ahead',
    ]);
    expect(shown('delivered')).toEqual([
      'draft:aside',
      'quality assurance:aside',
      'ready:aside',
      'delivered:current',
      'live:ahead',
    ]);
    expect(shown('finished')).toEqual([
      'draft:aside',
      'quality assurance:aside',
      'ready:aside',
      'live:ahead',
      'finished:current',
    ]);
    expect(roadSentence('finished')).toBe('Off the main road. Next: live.');
  });

  it('marks exactly one current step, for every status, and never a branch it is not on', () => {
    for (const status of STATUSES) {
      const steps = roadSteps(status);
      expect(steps.filter((step) => step.state === 'current').map((step) => step.status)).toEqual([status]);
      expect(steps.length).toBeLessThanOrEqual(5);
    }
  });

  it('reads as a list with the current step and the way in words', async () => {
    const { container } = await render(<StatusPath current="quality assurance" />);
    const list = container.querySelector('ol[aria-label="The way to live"]')!;
    const items = [...list.querySelectorAll('li')];
    expect(items.map((item) => item.textContent)).toEqual([
      'draft',
      'quality assurance',
      'ready(ahead)',
      'live(ahead)',
    ]);
    expect(items.filter((item) => item.getAttribute('aria-current') === 'step')).toEqual([items[1]]);
    const sentence = document.getElementById(list.getAttribute('aria-describedby')!);
    expect(sentence?.textContent).toBe('Next: ready, then live.');
  });
});
