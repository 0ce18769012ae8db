/**
 * Keeps the event loop awake (polling, not sleeping) for `windowMs` after each `touch` (decision
 * 0149, SERVE_POLL_MS). On a virtual machine a request that finds the process asleep costs a
 * context switch and a halted core woken, and caches cold after it: paced one at a time, a served
 * ad cost the server 155–195 µs of CPU against 105 µs when requests came in batches. Awake, the
 * loop asks the kernel for ready sockets without waiting (`setImmediate` makes libuv poll with no
 * timeout) and finds the next request already there. It spends a core while requests keep coming
 * closer than the window, and nothing once they stop.
 *
 *   const poll = createBusyPoll(2);
 *   poll.touch(); // on each request
 */
export function createBusyPoll(windowMs: number) {
  let last = 0;
  let awake = false;
  let stopped = false;
  const spin = () => {
    if (!stopped && performance.now() - last < windowMs) setImmediate(spin);
    else awake = false;
  };
  return {
    touch() {
      if (stopped) return;
      last = performance.now();
      if (!awake) {
        awake = true;
        setImmediate(spin);
      }
    },
    /** Whether the loop is kept awake now. */
    get awake() {
      return awake;
    },
    /** Lets the loop sleep for good (the server closing). */
    stop() {
      stopped = true;
    },
  };
}
