import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping';

export type CdpCommand = keyof ProtocolMapping.Commands;
export type CdpEvent = keyof ProtocolMapping.Events;
export type CdpParams<M extends CdpCommand> = ProtocolMapping.Commands[M]['paramsType'][0];
export type CdpResult<M extends CdpCommand> = ProtocolMapping.Commands[M]['returnType'];
export type CdpEventParams<E extends CdpEvent> = ProtocolMapping.Events[E][0];
type Listener<E extends CdpEvent> = (params: CdpEventParams<E>) => void;

/** One DevTools session: the browser's own (no id) or a page's, attached flat on the same pipe. */
export interface CdpSession {
  readonly id: string | undefined;
  send<M extends CdpCommand>(method: M, ...params: CdpParamsArg<M>): Promise<CdpResult<M>>;
  on<E extends CdpEvent>(event: E, listener: Listener<E>): void;
  off<E extends CdpEvent>(event: E, listener: Listener<E>): void;
}
type CdpParamsArg<M extends CdpCommand> = ProtocolMapping.Commands[M]['paramsType'] extends []
  ? []
  : ProtocolMapping.Commands[M]['paramsType'] extends [unknown?]
    ? [params?: CdpParams<M>]
    : [params: CdpParams<M>];

export class CdpError extends Error {}

export const TIMED_OUT = Symbol('timed out');
/** The promise's value, or TIMED_OUT once `ms` have passed (its later failure is ignored). */
export const within = <T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

interface Pending {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  method: string;
  sessionId: string | undefined;
}

/**
 * A Chromium this process started and speaks DevTools to over `--remote-debugging-pipe` (fd 3
 * to the browser, fd 4 from it, NUL-ended JSON), with no driver between: the variant checker's
 * browser (docs/decisions/0135). The browser exits when the pipe closes, so it does not outlive
 * this process even after a kill -9.
 */
export class CdpBrowser {
  readonly root: CdpSession;
  private sessions = new Map<string | undefined, CdpSessionImpl>();
  private pending = new Map<number, Pending>();
  private nextId = 0;
  private closedWith: Error | null = null;
  private closeListeners: (() => void)[] = [];

  private constructor(
    private child: ChildProcess,
    private input: Writable,
    output: Readable,
    private profile: string,
  ) {
    this.root = this.session(undefined);
    let buffered: Buffer[] = [];
    output.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
        buffered.push(chunk.subarray(start, end));
        this.receive(Buffer.concat(buffered).toString('utf8'));
        buffered = [];
        start = end + 1;
      }
      if (start < chunk.length) buffered.push(chunk.subarray(start));
    });
    output.on('error', () => {});
    input.on('error', () => {});
    child.once('exit', (code, signal) =>
      this.closed(new CdpError(`Chromium exited (${signal ?? `code ${code}`}).`)),
    );
    // Not started at all (no such file, not executable): there will be no exit.
    child.once('error', (error) => this.closed(new CdpError(`Chromium did not start: ${error.message}`)));
  }

  static async launch({
    executablePath,
    args,
    timeoutMs = 30_000,
  }: {
    executablePath: string;
    args: string[];
    timeoutMs?: number;
  }): Promise<CdpBrowser> {
    await sweepProfiles();
    const profile = await fs.promises.mkdtemp(path.join(os.tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
    const child = spawn(
      executablePath,
      [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-2_000);
    });
    const browser = new CdpBrowser(child, child.stdio[3] as Writable, child.stdio[4] as Readable, profile);
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    try {
      const version = await within(
        spawned.then(() => browser.root.send('Browser.getVersion')),
        timeoutMs,
      );
      if (version === TIMED_OUT) throw new CdpError(`no answer within ${timeoutMs / 1000} s`);
      return browser;
    } catch (error) {
      await browser.close();
      const last = said.trim().split('\n').slice(-3).join(' ');
      throw new CdpError(
        `${error instanceof Error ? error.message : String(error)}${last ? ` (Chromium said: ${last})` : ''}`,
      );
    }
  }

  get connected(): boolean {
    return this.closedWith === null;
  }

  /** Called once when the browser goes away (closed, crashed or killed). */
  onClose(listener: () => void): void {
    if (this.closedWith) listener();
    else this.closeListeners.push(listener);
  }

  /** A page's session attached flat (`Target.attachToTarget` with `flatten`). */
  session(id: string | undefined): CdpSession {
    let session = this.sessions.get(id);
    if (!session) {
      session = new CdpSessionImpl(this, id);
      this.sessions.set(id, session);
    }
    return session;
  }

  async close(): Promise<void> {
    if (this.connected) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.root.send('Browser.close').catch(() => {});
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.promises.rm(this.profile, { recursive: true, force: true }).catch(() => {});
  }

  /** @internal */
  call(sessionId: string | undefined, method: string, params: unknown): Promise<never> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method, sessionId });
      this.input.write(`${JSON.stringify({ id, method, params: params ?? {}, sessionId })}\0`);
    });
  }

  private receive(text: string) {
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error) pending.reject(new CdpError(`${pending.method}: ${message.error.message}`));
      else pending.resolve(message.result as never);
      return;
    }
    if (message.method === 'Target.detachedFromTarget') {
      const { sessionId } = message.params as { sessionId: string };
      this.sessions.delete(sessionId);
      // A closed target answers nothing more: what it was asked fails now, not never.
      for (const [id, pending] of this.pending)
        if (pending.sessionId === sessionId) {
          this.pending.delete(id);
          pending.reject(new CdpError(`${pending.method}: the page is closed.`));
        }
    }
    if (message.method) this.sessions.get(message.sessionId)?.emit(message.method, message.params);
  }

  private closed(error: Error) {
    if (this.closedWith) return;
    this.closedWith = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    for (const listener of this.closeListeners.splice(0)) listener();
    void fs.promises.rm(this.profile, { recursive: true, force: true }).catch(() => {});
  }
}

/** Throwaway profiles are named by the process that made them: `adstudio-qa-chromium-<pid>-…`. */
const PROFILE_PREFIX = 'adstudio-qa-chromium-';

/**
 * Removes the profiles of processes that are gone (a server killed with -9 leaves its browser's
 * behind; the browser itself exits with the pipe).
 */
async function sweepProfiles(): Promise<void> {
  const names = await fs.promises.readdir(os.tmpdir()).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(/^adstudio-qa-chromium-(\d+)-/.exec(name)?.[1]);
      if (!pid || pid === process.pid || alive(pid)) return;
      await fs.promises.rm(path.join(os.tmpdir(), name), { recursive: true, force: true }).catch(() => {});
    }),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, and is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class CdpSessionImpl implements CdpSession {
  private listeners = new Map<string, Set<(params: never) => void>>();

  constructor(
    private browser: CdpBrowser,
    readonly id: string | undefined,
  ) {}

  send<M extends CdpCommand>(method: M, ...params: CdpParamsArg<M>): Promise<CdpResult<M>> {
    return this.browser.call(this.id, method, params[0]);
  }

  on<E extends CdpEvent>(event: E, listener: Listener<E>): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (params: never) => void);
  }

  off<E extends CdpEvent>(event: E, listener: Listener<E>): void {
    this.listeners.get(event)?.delete(listener as (params: never) => void);
  }

  emit(event: string, params: unknown) {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(params as never);
      } catch {
        // A listener's fault is its own: the others still hear the event.
      }
    }
  }
}
