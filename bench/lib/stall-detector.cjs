// A stall detector for a benchmark's server process:
//   BENCH_SERVER_FLAGS="--require ./bench/lib/stall-detector.cjs" BENCH_SERVER_OUTPUT=/tmp/out npm run bench -- serve
// A 5 ms timer logs each lateness beyond 15 ms to stderr, with the wall-clock time, the seconds since
// the start and the CPU the process used meanwhile (all its threads): about the lateness or more,
// the process was busy (our code, or V8's GC and compiler threads); about none, it was not running.
const INTERVAL_MS = 5;
const REPORT_BEYOND_MS = 15;
const started = Date.now();
let last = performance.now();
let cpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const used = process.cpuUsage(cpu);
  const late = now - last - INTERVAL_MS;
  if (late > REPORT_BEYOND_MS) {
    const at = new Date().toISOString().slice(11, 23);
    const since = ((Date.now() - started) / 1000).toFixed(2);
    const busy = ((used.user + used.system) / 1000).toFixed(1);
    process.stderr.write(`stall ${at} t=${since}s late=${late.toFixed(1)}ms cpu=${busy}ms\n`);
  }
  last = now;
  cpu = process.cpuUsage();
}, INTERVAL_MS).unref();
