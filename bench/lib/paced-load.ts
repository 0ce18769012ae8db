/**
 * An open-loop load at a fixed rate (what wrk2 does, for a latency figure): requests are sent at
 * evenly spaced moments over `connections` keep-alive connections, whether or not answers have
 * come, and each latency is counted from the moment its request was due — so a request that waits
 * for a free connection (the server fell behind) counts its wait too (no coordinated omission).
 * A closed loop at full speed measures its own queue instead (50 connections / throughput), and
 * autocannon's `overallRate` sends each second's quota as a burst at the start of the second, which
 * is a closed loop for that part of the second.
 *
 * The generator runs in a process of its own with raw sockets and prepared request bytes, so its own
 * cost is small and does not share an event loop with whatever else the benchmark does.
 */

import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export interface PacedRequest {
  method: 'GET' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
}

export interface PacedOptions {
  /** `http://host:port` */
  base: string;
  requests: PacedRequest[];
  connections: number;
  /** Requests a second over all connections. */
  rate: number;
  /** Seconds counted, after `warmupSeconds` (default 1) at the same rate that are not. */
  seconds: number;
  warmupSeconds?: number;
}

const WARMUP_SECONDS = 1;

export interface PacedFigures {
  /** Answered per second. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** Answers other than 2xx, and requests never answered before the end (counted at the end). */
  errors: number;
  sent: number;
  /** p99 counted from when each request was sent instead (the server's part, without the generator's lateness). */
  sentP99: number;
  /**
   * How late the generator's timer came to each request, p50 and p99 (ms): its own part of every
   * latency above (a wait for a free connection is the server's, and not counted here).
   */
  lagP50: number;
  lagP99: number;
  lagMax: number;
  /** Requests that found all connections busy and waited for an answer to free one (the server behind). */
  queued: number;
  /** When (s from the start) the slowest request was due, and when the generator's timer was latest. */
  maxAt: number;
  lagMaxAt: number;
}

/** Runs one paced load in a process of its own (this file, through tsx) and answers its figures (milliseconds). */
export function pacedLoad(options: PacedOptions): Promise<PacedFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [PACED_CHILD], { execArgv: ['--import', 'tsx'] });
    child.once('message', (figures) => resolve(figures as PacedFigures));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the paced load's process exited with ${code}`));
    });
    child.send(options);
  });
}

const PACED_CHILD = '--paced-load-child';

/** Position just past the header block of `buffer`, or -1. */
const headerEnd = (buffer: Buffer) => {
  const at = buffer.indexOf('\r\n\r\n');
  return at < 0 ? -1 : at + 4;
};

function run({
  base,
  requests,
  connections,
  rate,
  seconds,
  warmupSeconds = WARMUP_SECONDS,
}: PacedOptions): Promise<PacedFigures> {
  const url = new URL(base);
  const wire = requests.map((r) => {
    const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(r.headers ?? {})) lines.push(`${name}: ${value}`);
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  });
  // Requests due in the warm-up are sent alike but not counted: the first of them meet new
  // connections and this process's own cold code (its timer came up to 19 ms late in that second).
  const uncounted = Math.round(rate * warmupSeconds);
  const total = uncounted + Math.round(rate * seconds);
  const counted = total - uncounted;
  const latencies = new Float64Array(counted);
  const fromSend = new Float64Array(counted);
  const lags = new Float64Array(counted);
  let answered = 0;
  let errors = 0;
  let sent = 0;
  let scheduled = 0;
  let queued = 0;
  let began = 0;
  const interval = 1000 / rate;
  let maxLatency = 0;
  let maxAt = 0;
  let lagMax = 0;
  let lagMaxAt = 0;
  /** Requests (by their place in the schedule) waiting for a free connection. */
  const waiting: number[] = [];
  let waitingHead = 0;

  interface Connection {
    socket: net.Socket;
    busy: boolean;
    /** The request's place in the schedule, and when it was due and sent. */
    place: number;
    due: number;
    sentAt: number;
    chunks: Buffer[];
    received: number;
    /** Header block length and body length of the answer being read, once its headers are in. */
    head: number;
    body: number;
    status: number;
    chunked: boolean;
  }
  const idle: Connection[] = [];
  let next = 0;

  const send = (c: Connection, place: number) => {
    c.busy = true;
    c.place = place;
    c.due = began + place * interval;
    c.chunks = [];
    c.received = 0;
    c.head = -1;
    c.socket.write(wire[next++ % wire.length]!);
    c.sentAt = performance.now();
    if (place >= uncounted) sent++;
  };
  const finish = (c: Connection) => {
    const now = performance.now();
    if (c.place >= uncounted) {
      fromSend[answered] = now - c.sentAt;
      const latency = now - c.due;
      latencies[answered++] = latency;
      if (latency > maxLatency) {
        maxLatency = latency;
        maxAt = (c.place - uncounted) / rate;
      }
      if (c.status < 200 || c.status >= 300) errors++;
    }
    c.busy = false;
    if (waitingHead < waiting.length) send(c, waiting[waitingHead++]!);
    else idle.push(c);
  };
  const onData = (c: Connection, chunk: Buffer) => {
    c.chunks.push(chunk);
    c.received += chunk.length;
    const all = c.chunks.length === 1 ? c.chunks[0]! : Buffer.concat(c.chunks);
    c.chunks = [all];
    if (c.head < 0) {
      const end = headerEnd(all);
      if (end < 0) return;
      const head = all.subarray(0, end).toString('latin1');
      c.head = end;
      c.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      c.chunked = !length && /\r\ntransfer-encoding:\s*chunked/i.test(head);
      c.body = length ? Number(length[1]) : 0;
    }
    if (c.chunked ? all.subarray(c.head).includes('0\r\n\r\n') : c.received >= c.head + c.body) finish(c);
  };

  return new Promise((resolve, reject) => {
    let opened = 0;
    const pool: Connection[] = [];
    for (let i = 0; i < connections; i++) {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.setNoDelay(true);
      const c: Connection = {
        socket,
        busy: false,
        place: 0,
        due: 0,
        sentAt: 0,
        chunks: [],
        received: 0,
        head: -1,
        body: 0,
        status: 0,
        chunked: false,
      };
      pool.push(c);
      socket.on('data', (chunk) => onData(c, chunk));
      socket.on('error', reject);
      socket.once('connect', () => {
        idle.push(c);
        if (++opened === connections) start();
      });
    }

    function start() {
      began = performance.now();
      const tick = () => {
        const now = performance.now();
        while (scheduled < total && began + scheduled * interval <= now) {
          const place = scheduled++;
          if (place >= uncounted) {
            const lag = now - (began + place * interval);
            lags[place - uncounted] = lag;
            if (lag > lagMax) {
              lagMax = lag;
              lagMaxAt = (place - uncounted) / rate;
            }
          }
          const c = idle.pop();
          if (c) send(c, place);
          else {
            waiting.push(place);
            if (place >= uncounted) queued++;
          }
        }
        if (scheduled < total) setTimeout(tick, 0);
        else setTimeout(end, 2000);
      };
      tick();
      const end = () => {
        let unanswered = 0;
        for (let i = waitingHead; i < waiting.length; i++) if (waiting[i]! >= uncounted) unanswered++;
        for (const c of pool) if (c.busy && c.place >= uncounted) unanswered++;
        for (const c of pool) c.socket.destroy();
        const sorted = latencies.subarray(0, answered).sort();
        const lagSorted = lags.subarray(0, counted).sort();
        const sentSorted = fromSend.subarray(0, answered).sort();
        const at = (p: number, of = sorted) =>
          of.length === 0 ? 0 : Number(of[Math.min(of.length - 1, Math.ceil(p * of.length) - 1)]!.toFixed(2));
        resolve({
          rps: answered / seconds,
          p50: at(0.5),
          p90: at(0.9),
          p99: at(0.99),
          p999: at(0.999),
          max: at(1),
          errors: errors + unanswered,
          sent,
          sentP99: at(0.99, sentSorted),
          lagP50: at(0.5, lagSorted),
          lagP99: at(0.99, lagSorted),
          lagMax: at(1, lagSorted),
          queued,
          maxAt: Number(maxAt.toFixed(2)),
          lagMaxAt: Number(lagMaxAt.toFixed(2)),
        });
      };
    }
  });
}

if (process.argv.includes(PACED_CHILD)) {
  process.once('message', (options) => {
    run(options as PacedOptions).then(
      (figures) => process.send!(figures, () => process.exit(0)),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
