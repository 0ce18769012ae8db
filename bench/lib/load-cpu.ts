import fs from 'node:fs';

/**
 * Where the machine's CPU went during a run (Linux /proc; NaN elsewhere): the servers, PostgreSQL's
 * processes, this load generator and everything else. The load generator, the servers and the
 * database share the machine, and other work on it shows as "other".
 */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  at: number;
  /** Busy, stolen (the hypervisor ran something else on our cores) and total ticks of all cores. */
  machine: { busy: number; steal: number; total: number } | undefined;
  servers: (number | undefined)[];
  postgres: number;
  generator: NodeJS.CpuUsage;
}

/** utime + stime of a process in seconds (stat(5) fields 14 and 15); undefined where there is none. */
export function processSeconds(pid: number | string | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function machineTicks(): CpuSnapshot['machine'] {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal …
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3]! - ticks[4]!, steal: ticks[7] ?? 0, total };
  } catch {
    return undefined;
  }
}

/** CPU seconds of every running process named postgres (backends that end meanwhile are lost). */
function postgresSeconds(): number {
  let sum = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
          sum += processSeconds(pid) ?? 0;
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    return Number.NaN;
  }
  return sum;
}

export function cpuSnapshot(serverPids: (number | undefined)[]): CpuSnapshot {
  return {
    at: performance.now(),
    machine: machineTicks(),
    servers: serverPids.map(processSeconds),
    postgres: postgresSeconds(),
    generator: process.cpuUsage(),
  };
}

/** Cores busy on average between two snapshots (1.0 = one core all the time). */
export interface CpuShares {
  servers: number[];
  postgres: number;
  generator: number;
  other: number;
  machine: number;
  /** Cores the hypervisor took for other guests (part of `machine`): a virtual machine's noise. */
  steal: number;
  cores: number;
}

export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, cores: number): CpuShares {
  const wall = (after.at - before.at) / 1000;
  const servers = after.servers.map((s, i) => {
    const b = before.servers[i];
    return s === undefined || b === undefined ? Number.NaN : (s - b) / wall;
  });
  const postgres = (after.postgres - before.postgres) / wall;
  const used = after.generator;
  const generator = (used.user - before.generator.user + used.system - before.generator.system) / 1e6 / wall;
  const machine =
    after.machine && before.machine
      ? (cores * (after.machine.busy - before.machine.busy)) / (after.machine.total - before.machine.total)
      : Number.NaN;
  const steal =
    after.machine && before.machine
      ? (cores * (after.machine.steal - before.machine.steal)) / (after.machine.total - before.machine.total)
      : Number.NaN;
  const mine = servers.reduce((a, b) => a + b, 0) + Math.max(0, postgres) + generator;
  return {
    servers,
    postgres,
    generator,
    other: Math.max(0, machine - mine - (steal || 0)),
    machine,
    steal,
    cores,
  };
}

/**
 * Waits (at most `maxMs`) until the machine is nearly idle over 2 s — other work (a type check, a
 * test run) would otherwise land in one configuration's figures only. Answers the cores last busy.
 */
export async function waitForQuiet(maxBusyCores: number, maxMs: number, cores: number): Promise<number> {
  const deadline = performance.now() + maxMs;
  for (let said = false; ; ) {
    const before = cpuSnapshot([]);
    await new Promise((r) => setTimeout(r, 2000));
    const busy = cpuShares(before, cpuSnapshot([]), cores).machine;
    if (!(busy > maxBusyCores) || performance.now() > deadline) return busy;
    if (!said) console.log(`  waiting for other work to end (${busy.toFixed(2)} cores busy)…`);
    said = true;
  }
}
