// A stall detector for a benchmark's server process:
//   BENCH_SERVER_FLAGS="--require ./bench/lib/stall-detector.cjs" BENCH_SERVER_OUTPUT=/tmp/out npm run bench -- serve
// A 5 ms timer logs each lateness beyond 15 ms (STALL_MS sets it) to stderr, with the wall-clock
// time, the seconds since the start, the CPU the process used meanwhile (all its threads) and the
// HTTP requests it took in:
// - CPU about the lateness and many requests: the process was busy serving (a queue);
// - CPU about the lateness and few requests: our code or V8 (GC, compiler) held the loop, or the
//   core ran slow: on 2026-12-08 stalls of 9–28 ms served 14–28 requests at 250–940 µs of CPU a
//   request (120–170 µs usually), in ordinary request code by `perf` and with no GC or SQL in
//   them: the hypervisor taking the core without the guest counting it as stolen;
// - CPU about none: the process was not running.
const http = require('node:http');

const INTERVAL_MS = 5;
const REPORT_BEYOND_MS = Number(process.env.STALL_MS ?? 15);
const started = Date.now();
let last = performance.now();
let cpu = process.cpuUsage();
let requests = 0;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') requests++;
  return emit.call(this, event, ...args);
};
setInterval(() => {
  const now = performance.now();
  const used = process.cpuUsage(cpu);
  const late = now - last - INTERVAL_MS;
  if (late > REPORT_BEYOND_MS) {
    const at = new Date().toISOString().slice(11, 23);
    const since = ((Date.now() - started) / 1000).toFixed(2);
    const busy = ((used.user + used.system) / 1000).toFixed(1);
    process.stderr.write(
      `stall ${at} t=${since}s late=${late.toFixed(1)}ms cpu=${busy}ms requests=${requests}\n`,
    );
  }
  last = now;
  cpu = process.cpuUsage();
  requests = 0;
}, INTERVAL_MS).unref();
