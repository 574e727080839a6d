import { spawn } from 'node:child_process';
import { z } from 'zod';
import type { AdapterContext, ServiceAdapter } from './adapter.js';
import { stubBinDirectory } from './tmux-stub/scripts.js';

/**
 * The `shell` service for tmux-context scenarios: DSH's `ShellExecutor` surface
 * (`resolve({command, signal}) → resolved`, `run(resolved) → Promise<{exitCode, stdout:{text}, stderr:{text}}>`)
 * that runs the plugin's REAL command under `bash -c`.
 *
 * - Stub mode: PATH starts with stub `tmux` and `ps` programs that answer from a {@link TmuxState}, so
 *   the command's own logic (the tty comparison, the field format) decides the outcome. A plugin that
 *   trusts `$TMUX_PANE` alone gets a location in the inherited-pane world, where the published plugin
 *   gets none.
 * - Real mode: plain `bash -c` with this process's environment, for the real-tmux integration test.
 *
 * Every `resolve` and `run` is recorded, in order, so a scenario can assert how many queries ran (a
 * plugin that queries before checking its refresh interval runs one too many). Failures a DSH
 * executor can produce are injectable: a policy denial thrown by `resolve`, a spawn error rejected by
 * `run`, or a rejection with a non-Error value.
 */

/** No NUL: environment values cannot carry one, and tmux names cannot either. */
const field = z.string().refine((s) => !s.includes('\0'), 'must not contain NUL');

/** One pane of the simulated tmux server. Values are strings exactly as tmux would print them. */
export const TmuxPane = z
  .object({
    paneId: field.describe("tmux pane id, e.g. '%7' (what $TMUX_PANE names)"),
    paneTty: field.describe("the pane's tty device, e.g. '/dev/pts/3'"),
    sessionName: field,
    windowIndex: field,
    windowName: field.describe('free text: spaces, quotes, even a literal backslash-t'),
    paneIndex: field,
    windowActive: field.describe("'1' or '0'"),
    paneActive: field.describe("'1' or '0'"),
    windowLayout: field.describe("tmux layout string, e.g. 'b25d,238x60,0,0{119x60,0,0,3,118x60,120,0,7}'"),
  })
  .strict();
export type TmuxPane = z.infer<typeof TmuxPane>;

/** The world one tmux query sees. */
export const TmuxState = z
  .object({
    env: z
      .object({
        TMUX: field.optional().describe('socket,pid,session as tmux sets it; only passed through'),
        TMUX_PANE: field.optional().describe('the pane the environment claims (set inside a pane, or inherited)'),
      })
      .strict()
      .describe("the agent process's tmux environment variables"),
    processTty: field
      .nullable()
      .describe("the agent process's controlling tty as `ps -o tty=` prints it ('pts/3'); null when it has none ('?')"),
    server: z
      .object({
        panes: z.array(TmuxPane),
        unsupportedFormats: z
          .array(z.string().regex(/^[a-z_]+$/))
          .optional()
          .describe('format names this tmux does not know (they expand to empty), e.g. pane_id on a very old tmux'),
      })
      .strict()
      .nullable()
      .describe('the reachable tmux server, or null when none is running'),
  })
  .strict();
export type TmuxState = z.infer<typeof TmuxState>;

/** A failure the executor produces instead of running the command. */
export const ShellFailure = z
  .object({
    at: z.enum(['resolve', 'run']).describe('resolve: a policy denial; run: a spawn failure'),
    throws: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('error'), message: z.string() }).strict(),
      z.object({ kind: z.literal('value'), value: z.string() }).strict().describe('a rejection with a non-Error value'),
    ]),
  })
  .strict();
export type ShellFailure = z.infer<typeof ShellFailure>;

export interface ResolvedCommand {
  command: string;
  signal?: AbortSignal;
}

export interface ShellRunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  timeoutMs: number;
  stdout: { text: string; truncated: boolean };
  stderr: { text: string; truncated: boolean };
}

export interface ShellCall {
  phase: 'resolve' | 'run';
  command: string;
  /** What happened: the exit code of a run, or the injected failure. */
  outcome?: { exitCode: number | null } | { threw: string };
}

const TIMEOUT_MS = 10_000;

/**
 * Where stub-mode commands run. In-process by default; the isolated child (which may not spawn
 * processes) installs one that asks the kit's parent process to run the command, restricted.
 */
export type StubBashRunner = (command: string, env: Record<string, string>, signal: AbortSignal | undefined) => Promise<ShellRunResult>;
let stubRunner: StubBashRunner = (command, env, signal) => runBash(command, env, signal);
export function setStubBashRunner(runner: StubBashRunner): void {
  stubRunner = runner;
}

/** Results of identical stub runs (same command, state and pid) are identical: reuse them. */
const memo = new Map<string, Promise<ShellRunResult>>();

export class ShellService {
  /** Every call, in order. */
  readonly calls: ShellCall[] = [];
  private failure: ShellFailure | null;
  private state: TmuxState | null;

  private constructor(
    private readonly mode: 'stub' | 'real',
    state: TmuxState | null,
    options: { failure?: ShellFailure | null; memoize?: boolean; env?: Record<string, string> },
  ) {
    this.state = state === null ? null : TmuxState.parse(state);
    this.failure = options.failure ?? null;
    this.memoize = options.memoize ?? false;
    this.realEnv = options.env ?? {};
  }
  private readonly memoize: boolean;
  private readonly realEnv: Record<string, string>;

  /** A shell whose `tmux` and `ps` answer from `state`. `memoize` reuses results of identical runs. */
  static stub(state: TmuxState, options: { failure?: ShellFailure | null; memoize?: boolean } = {}): ShellService {
    return new ShellService('stub', state, options);
  }

  /** A plain `bash -c` in this process's environment (plus `env`), for real tmux. */
  static real(options: { failure?: ShellFailure | null; env?: Record<string, string> } = {}): ShellService {
    return new ShellService('real', null, options);
  }

  /** Change the world for later queries (a renamed window, a new pane, leaving tmux). */
  setState(state: TmuxState): void {
    if (this.mode !== 'stub') throw new Error('setState: only a stub shell has a simulated tmux state');
    this.state = TmuxState.parse(state);
  }

  setFailure(failure: ShellFailure | null): void {
    this.failure = failure === null ? null : ShellFailure.parse(failure);
  }

  /** The commands that were actually run (not merely resolved). */
  get commandsRun(): string[] {
    return this.calls.filter((c) => c.phase === 'run').map((c) => c.command);
  }

  resolve(request: { command: string; signal?: AbortSignal }): ResolvedCommand {
    const call: ShellCall = { phase: 'resolve', command: request.command };
    this.calls.push(call);
    if (this.failure?.at === 'resolve') {
      call.outcome = { threw: describeThrow(this.failure) };
      throw thrown(this.failure);
    }
    return { command: request.command, signal: request.signal };
  }

  async run(resolved: ResolvedCommand): Promise<ShellRunResult> {
    const call: ShellCall = { phase: 'run', command: resolved.command };
    this.calls.push(call);
    if (this.failure?.at === 'run') {
      call.outcome = { threw: describeThrow(this.failure) };
      throw thrown(this.failure);
    }
    const result = await this.execute(resolved);
    call.outcome = { exitCode: result.exitCode };
    return result;
  }

  private execute(resolved: ResolvedCommand): Promise<ShellRunResult> {
    if (this.mode === 'real') return runBash(resolved.command, { ...process.env, ...this.realEnv }, resolved.signal);
    const env = stubEnvironment(this.state!);
    if (!this.memoize) return stubRunner(resolved.command, env, resolved.signal);
    const key = JSON.stringify([resolved.command, this.state, process.pid]);
    let result = memo.get(key);
    if (result === undefined) {
      result = stubRunner(resolved.command, env, undefined);
      memo.set(key, result);
    }
    return result;
  }
}

function thrown(failure: ShellFailure): unknown {
  return failure.throws.kind === 'error' ? new Error(failure.throws.message) : failure.throws.value;
}

function describeThrow(failure: ShellFailure): string {
  return failure.throws.kind === 'error' ? `Error: ${failure.throws.message}` : `non-Error: ${failure.throws.value}`;
}

/** The environment of a stub run: a minimal PATH with the stubs first, and the state as DSH_STUB_*. */
export function stubEnvironment(state: TmuxState): Record<string, string> {
  const env: Record<string, string> = {
    PATH: `${stubBinDirectory()}:/usr/local/bin:/usr/bin:/bin`,
    LC_ALL: 'C',
    DSH_STUB_AGENT_PID: String(process.pid),
  };
  if (state.env.TMUX !== undefined) env.TMUX = state.env.TMUX;
  if (state.env.TMUX_PANE !== undefined) env.TMUX_PANE = state.env.TMUX_PANE;
  if (state.processTty !== null) env.DSH_STUB_PROCESS_TTY = state.processTty;
  if (state.server !== null) {
    env.DSH_STUB_SERVER = '1';
    env.DSH_STUB_PANES = String(state.server.panes.length);
    env.DSH_STUB_UNSUPPORTED = (state.server.unsupportedFormats ?? []).join(' ');
    state.server.panes.forEach((pane, i) => {
      for (const [key, value] of Object.entries(pane)) env[`DSH_STUB_PANE_${i}_${snakeUpper(key)}`] = value;
    });
  }
  return env;
}

function snakeUpper(camel: string): string {
  return camel.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

/**
 * `bash -c command` with stdin on /dev/null. (With a socket on stdin, as Node's default stdio gives,
 * Debian's bash decides it was started by a remote shell daemon and sources ~/.bashrc.)
 */
function runBash(command: string, env: NodeJS.ProcessEnv, signal: AbortSignal | undefined): Promise<ShellRunResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS, signal });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, killedBy) => {
      const aborted = Boolean(signal?.aborted);
      resolve({
        exitCode: code,
        signal: killedBy,
        timedOut: killedBy !== null && !aborted,
        aborted,
        timeoutMs: TIMEOUT_MS,
        stdout: { text: Buffer.concat(stdout).toString('utf8'), truncated: false },
        stderr: { text: Buffer.concat(stderr).toString('utf8') + (spawnError && code === null && killedBy === null ? String(spawnError) : ''), truncated: false },
      });
    });
  });
}

/** Helpers for building states in tests and generators. */
export const tmuxStates = {
  /** This process genuinely runs in pane `pane` (its tty is the pane's). */
  inPane(pane: TmuxPane, others: TmuxPane[] = []): TmuxState {
    return {
      env: { TMUX: '/tmp/tmux-1000/default,4242,0', TMUX_PANE: pane.paneId },
      processTty: pane.paneTty.replace(/^\/dev\//, ''),
      server: { panes: [pane, ...others] },
    };
  },
  /** `$TMUX`/`$TMUX_PANE` inherited from `pane`, but this process has another tty (e.g. a VS Code terminal). */
  inherited(pane: TmuxPane, ownTty = 'pts/42'): TmuxState {
    return { env: { TMUX: '/tmp/tmux-1000/default,4242,0', TMUX_PANE: pane.paneId }, processTty: ownTty, server: { panes: [pane] } };
  },
  /** Not in tmux at all. */
  outside(ownTty: string | null = 'pts/1'): TmuxState {
    return { env: {}, processTty: ownTty, server: null };
  },
};

/** The pane the upstream tests use as their default reading. */
export const EXAMPLE_PANE: TmuxPane = {
  paneId: '%90',
  paneTty: '/dev/pts/5',
  sessionName: '0',
  windowIndex: '1',
  windowName: 'node',
  paneIndex: '2',
  windowActive: '1',
  paneActive: '0',
  windowLayout: 'd517,270x71,0,0{135x71,0,0,87,134x71,136,0[134x35,136,0,90,134x35,136,36,93]}',
};

/**
 * `env.tmux` of a scenario fixture: whether a `shell` service is mounted, the tmux world it sees, and
 * an optional executor failure.
 */
export const TmuxEnv = z
  .object({
    shell: z.enum(['stub', 'none']).default('stub').describe("'none': no shell service is mounted (ctx.get('shell') is undefined)"),
    state: TmuxState,
    failure: ShellFailure.nullable().default(null),
  })
  .strict();
export type TmuxEnv = z.input<typeof TmuxEnv>;

/** `{do:'env', section:'tmux', change}`: a new tmux world and/or a new executor failure (null clears it). */
export const TmuxChange = z
  .object({ state: TmuxState.optional(), failure: ShellFailure.nullable().optional() })
  .strict()
  .refine((c) => c.state !== undefined || c.failure !== undefined, 'a tmux change sets state, failure, or both');
export type TmuxChange = z.input<typeof TmuxChange>;

/** Observations compared by fixtures: how many queries started and ran, and which commands (pid normalised). */
export interface TmuxObservation {
  resolves: number;
  runs: number;
  commands: string[];
}

/** The pid DSH embeds varies per process; fixtures compare `-p <pid>`. */
export function normalisePid(command: string): string {
  return command.replace(/(\bps\b[^\n|]*?-p )\d+/g, '$1<pid>');
}

export function observeShell(shell: ShellService): TmuxObservation {
  const commands: string[] = [];
  for (const c of shell.calls) {
    const normalised = normalisePid(c.command);
    if (!commands.includes(normalised)) commands.push(normalised);
  }
  return {
    resolves: shell.calls.filter((c) => c.phase === 'resolve').length,
    runs: shell.calls.filter((c) => c.phase === 'run').length,
    commands,
  };
}

/**
 * The scenario adapter for `env.tmux`. Virtual and real modes both run the plugin's command in a real
 * bash against the stub tmux/ps: a scenario's world (which pane, which tty) cannot be imposed on a
 * real tmux server. (Real tmux is exercised by the integration test with `ShellService.real()`.)
 * Stub results are memoised: a run is a pure function of command, state and pid.
 */
export function createAdapter(section: unknown, _context: AdapterContext): ServiceAdapter {
  const env = TmuxEnv.parse(section);
  const shell = ShellService.stub(env.state, { failure: env.failure, memoize: true });
  return {
    services: env.shell === 'stub' ? { shell } : {},
    change(change: unknown) {
      const c = TmuxChange.parse(change);
      if (c.state !== undefined) shell.setState(c.state);
      if (c.failure !== undefined) shell.setFailure(c.failure);
    },
    observe: () => observeShell(shell),
  };
}
