import { describe, expect, it } from 'vitest';
import { createBusyPoll } from './busy-poll';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('busy poll', () => {
  it('keeps the loop awake while touched within its window, and lets it sleep after', async () => {
    const poll = createBusyPoll(5);
    expect(poll.awake).toBe(false);
    poll.touch();
    expect(poll.awake).toBe(true);
    // Touched every 2 ms for 30 ms: awake all along.
    for (let i = 0; i < 15; i++) {
      await wait(2);
      poll.touch();
      expect(poll.awake).toBe(true);
    }
    // Untouched: asleep once the window has passed.
    await wait(40);
    expect(poll.awake).toBe(false);
  });

  it('stops for good when stopped: awake no longer, and a touch does not wake it', async () => {
    const poll = createBusyPoll(1_000);
    poll.touch();
    await wait(5);
    expect(poll.awake).toBe(true);
    poll.stop();
    await wait(5);
    expect(poll.awake).toBe(false);
    poll.touch();
    expect(poll.awake).toBe(false);
  });
});
