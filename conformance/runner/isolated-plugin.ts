import type { PluginSource } from '../loader/load-plugin.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { packageRoot } from '../package-root.js';
import { permissionFlags } from '../sandbox/permissions.js';
import { releaseGroup, trackGroup, watchMemory } from '../sandbox/process-group.js';
import { runRestrictedBash } from '../sandbox/restricted-shell.js';
import { renderReason } from '../results/messages.js';
import { reasonOf, type ExecutionReason, type ProcessReason } from '../results/reasons.js';
import { normaliseLog } from '../scenario/normalise.js';
import type { ScenarioActual } from '../scenario/execute.js';
import type { SessionEvent, SessionHeader } from '../../invariants/log/types.js';
import { DEFAULT_OUTPUT_LIMIT, StreamCapture } from './output-capture.js';
import { resolveForChild, type PluginArg, type ResolvedPlugin } from './plugin-arg.js';
import { ChildMessage, FrameReader, inputsOf, type Denial, type ParentMessage, type ScenarioInputs } from './protocol.js';

export type { ScenarioInputs } from './protocol.js';

/** What the plugin printed while one request ran (bounded; a marker says when some was cut). */
export interface CapturedOutput {
  stdout: string;
  stderr: string;
}

export type Execution =
  | { kind: 'ok'; actual: ScenarioActual; output: CapturedOutput; denied?: Denial[]; trace?: { preSteps: Array<Record<string, unknown>>; serviceCalls: Record<string, number>; missingServices: string[] } }
  | { kind: 'error'; reason: ExecutionReason; /** `renderReason(reason)` */ message: string; output: CapturedOutput };

export interface LoadedInfo {
  label: string;
  source: PluginSource;
  shape: 'namespace' | 'service';
  /** The plugin's declared name, when it has one (the contributor suite checks sources against it). */
  name?: string;
  /** Loader warnings (e.g. `--source` contradicting the plugin's declared name). */
  warnings: string[];
}

export interface IsolationOptions {
  /** Time limit for starting the process and loading the plugin (default 10 s; the CLI passes --timeout). */
  loadTimeoutMs?: number;
  /** Resident-memory ceiling of the plugin's process, heap and off-heap (default 2 GiB). */
  maxMemoryBytes?: number;
  /** Fixture roots the child must not be able to read (the bundled suite is always included). */
  protectedDirs?: readonly string[];
  /** Let the plugin load native addons (refused by default). */
  allowAddons?: boolean;
  /** Characters of stdout/stderr kept per request (default 64 Ki). */
  outputLimit?: number;
}

/** The plugin could not be started or loaded; `reason` says why, `output` is what it printed meanwhile. */
export class PluginStartError extends Error {
  constructor(
    readonly reason: ProcessReason,
    readonly output: CapturedOutput,
  ) {
    super(renderReason(reason));
  }
}

const executionError = (reason: ExecutionReason, output: CapturedOutput): Execution => ({ kind: 'error', reason, message: renderReason(reason), output });

export const DEFAULT_MAX_MEMORY = 2 * 1024 ** 3;
const OUTPUT_GRACE_MS = 250;
const MAX_SHELL_CALLS = 2_000;
const STARTUP_TIMEOUT_MS = 30_000;

const childScript = join(packageRoot, 'dist', 'conformance', 'runner', 'child.js');

type Reply = Exclude<ChildMessage, { type: 'ready' } | { type: 'shell' }>;
type Failure = { type: 'failure'; reason: ProcessReason };
type Pending = { id: string; expects: Reply['type'][]; resolve: (r: Reply | Failure) => void };

interface Running {
  child: ChildProcess;
  channel: Writable;
  out: StreamCapture;
  err: StreamCapture;
  tempRoot: string;
  pending?: Pending;
  /** Set when the child broke the protocol or died; the next request reports it. */
  failure?: ProcessReason;
  shellCalls: number;
  stopWatch: () => void;
  /** Resolves when the child's runtime has started (before the plugin is loaded). */
  ready: Promise<boolean>;
  onReady: (started: boolean) => void;
}

/**
 * The isolated child runs plain Node (the permission model cannot run tsx), so a TypeScript file of
 * the kit's own (a mutant, a test plugin) is run as its compiled counterpart in `dist/`. A TypeScript
 * plugin from elsewhere must be compiled first; the loader's import error says so.
 */
export function compiledEntry(entry: string): string {
  if (!/\.[cm]?ts$/.test(entry)) return entry;
  const rel = relative(packageRoot, entry);
  if (rel.startsWith('..') || isAbsolute(rel) || rel.startsWith(`dist${sep}`)) return entry;
  const compiled = join(packageRoot, 'dist', rel.replace(/\.([cm]?)ts$/, '.$1js'));
  return existsSync(compiled) ? compiled : entry;
}

/**
 * One plugin in its own process, under Node's permission model, in its own process group, with a
 * memory ceiling. `execute` sends a fixture's inputs and returns the raw observations, validated;
 * it never judges: the caller does, with the expectation the child never saw.
 */
export class IsolatedPlugin {
  private running: Running | undefined;
  private loaded: LoadedInfo | undefined;
  private resolved: ResolvedPlugin | undefined;
  private readonly options: Required<Omit<IsolationOptions, 'protectedDirs'>> & { protectedDirs: readonly string[] };

  constructor(
    private readonly plugin: PluginArg,
    private readonly revision: SpecRevision,
    options: IsolationOptions = {},
  ) {
    this.options = {
      loadTimeoutMs: options.loadTimeoutMs ?? 10_000,
      maxMemoryBytes: options.maxMemoryBytes ?? DEFAULT_MAX_MEMORY,
      protectedDirs: [join(packageRoot, 'conformance', 'fixtures'), ...(options.protectedDirs ?? [])],
      allowAddons: options.allowAddons ?? false,
      outputLimit: options.outputLimit ?? DEFAULT_OUTPUT_LIMIT,
    };
  }

  private spawnChild(): Running {
    if (!existsSync(childScript)) throw new PluginStartError(reasonOf('kit-failure', { failure: 'runtime-missing', path: childScript }), { stdout: '', stderr: '' });
    const resolved = resolveForChild(this.plugin);
    this.resolved = resolved && { ...resolved, entry: compiledEntry(resolved.entry) };
    const entry = this.resolved?.entry;
    const tempRoot = mkdtempSync(join(tmpdir(), 'dsh-ctx-conform-child-'));
    const heapMb = Math.max(64, Math.floor(this.options.maxMemoryBytes / 1024 ** 2));
    const flags = permissionFlags({ entry, kitRoot: packageRoot, tempRoot, protectedDirs: this.options.protectedDirs, allowAddons: this.options.allowAddons });
    const child = spawn(process.execPath, [...flags, '--enable-source-maps', `--max-old-space-size=${heapMb}`, childScript], {
      cwd: tempRoot,
      // A fresh environment: none of the kit's secrets, no NODE_OPTIONS loaders.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: process.env.LANG ?? 'C.UTF-8', HOME: tempRoot, TMPDIR: tempRoot, DSH_CTX_CONFORM_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const out = new StreamCapture(this.options.outputLimit);
    const err = new StreamCapture(this.options.outputLimit);
    const channel = child.stdio[3] as unknown as Writable & Readable;
    let onReady: (started: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => (onReady = resolve));
    const running: Running = { child, channel, out, err, tempRoot, shellCalls: 0, stopWatch: () => {}, ready, onReady };
    if (child.pid !== undefined) trackGroup(child.pid);
    child.stdout!.on('data', (c: Buffer) => out.write(c));
    child.stderr!.on('data', (c: Buffer) => err.write(c));
    const reader = new FrameReader(
      (text) => this.onFrame(running, text),
      (bytes) => this.fail(running, reasonOf('protocol-violation', { violation: 'oversized', bytes })),
    );
    channel.on('data', (c: Buffer) => reader.push(c));
    channel.on('error', () => {});
    child.on('error', (error) => this.fail(running, reasonOf('kit-failure', { failure: 'spawn', message: error.message })));
    child.on('exit', (code, signal) => {
      this.fail(running, running.failure ?? reasonOf('crash', { how: 'exit', exitCode: code, signal }));
    });
    if (child.pid !== undefined) {
      running.stopWatch = watchMemory(child.pid, this.options.maxMemoryBytes, (rss) =>
        this.fail(running, reasonOf('crash', { how: 'memory', limitMiB: Math.round(this.options.maxMemoryBytes / 1024 ** 2), residentMiB: Math.round(rss / 1024 ** 2) })),
      );
    }
    return running;
  }

  /** A protocol violation or a death: the in-flight request gets the reason, the process goes. */
  private fail(running: Running, reason: ProcessReason): void {
    running.failure ??= reason;
    running.onReady(false);
    const pending = running.pending;
    running.pending = undefined;
    this.kill(running);
    pending?.resolve({ type: 'failure', reason: running.failure });
  }

  private onFrame(running: Running, text: string): void {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return this.fail(running, reasonOf('protocol-violation', { violation: 'not-json', excerpt: text.slice(0, 120) }));
    }
    const parsed = ChildMessage.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.fail(running, reasonOf('protocol-violation', { violation: 'malformed', ...(issue ? { path: issue.path.join('.'), issue: issue.message } : {}) }));
    }
    const message = parsed.data;
    if (message.type === 'ready') return running.onReady(true);
    if (message.type === 'shell') return this.onShell(running, message);
    const pending = running.pending;
    if (!pending || pending.id !== message.id || !pending.expects.includes(message.type)) {
      return this.fail(running, reasonOf('protocol-violation', { violation: 'unsolicited', type: message.type, outstanding: pending !== undefined }));
    }
    running.pending = undefined;
    pending.resolve(message);
  }

  private onShell(running: Running, message: Extract<ChildMessage, { type: 'shell' }>): void {
    if (!running.pending || running.pending.expects[0] !== 'executed') return this.fail(running, reasonOf('protocol-violation', { violation: 'shell-outside-scenario' }));
    if (++running.shellCalls > MAX_SHELL_CALLS) return this.fail(running, reasonOf('protocol-violation', { violation: 'too-many-shell-commands', limit: MAX_SHELL_CALLS }));
    void runRestrictedBash(message.command, message.env, { hide: [packageRoot, ...this.options.protectedDirs, process.cwd(), process.env.HOME ?? '/root'] }).then((result) => {
      if (running.failure === undefined) this.write(running, { type: 'shell-result', id: message.id, result });
    });
  }

  private write(running: Running, message: ParentMessage): void {
    running.channel.write(JSON.stringify(message) + '\n');
  }

  private request(running: Running, message: ParentMessage & { id: string }, expects: Reply['type'][], timeoutMs: number, during: 'load' | 'scenario') {
    return new Promise<Reply | Failure>((resolve) => {
      if (running.failure !== undefined) return resolve({ type: 'failure', reason: running.failure });
      const timer = setTimeout(() => this.fail(running, reasonOf('timeout', { during, timeoutMs })), timeoutMs);
      running.pending = {
        id: message.id,
        expects,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      this.write(running, message);
    });
  }

  private async output(running: Running, id: string, complete: boolean): Promise<CapturedOutput> {
    if (!complete) return { stdout: running.out.rest(), stderr: running.err.rest() };
    const [stdout, stderr] = await Promise.all([running.out.take(id, OUTPUT_GRACE_MS), running.err.take(id, OUTPUT_GRACE_MS)]);
    return { stdout, stderr };
  }

  /** Start the process and load the plugin. Throws {@link PluginStartError} when it cannot be loaded. */
  async start(): Promise<LoadedInfo> {
    if (this.running && this.loaded && this.running.failure === undefined) return this.loaded;
    this.stop();
    let running: Running;
    try {
      running = this.spawnChild();
    } catch (error) {
      if (error instanceof PluginStartError) throw error;
      throw new PluginStartError(reasonOf('kit-failure', { failure: 'start', message: (error as Error).message }), { stdout: '', stderr: '' });
    }
    this.running = running;
    // Node's own start-up is not the plugin's load time: --timeout starts counting once the kit's
    // runtime in the child is up (which is bounded separately, for a machine under load).
    const startup = setTimeout(() => this.fail(running, reasonOf('timeout', { during: 'startup', timeoutMs: STARTUP_TIMEOUT_MS })), STARTUP_TIMEOUT_MS);
    const started = await running.ready;
    clearTimeout(startup);
    if (!started) {
      const output = await this.output(running, '', false);
      const why = running.failure ?? reasonOf('timeout', { during: 'startup', timeoutMs: STARTUP_TIMEOUT_MS });
      this.stop();
      throw new PluginStartError(why, output);
    }
    const id = randomUUID();
    const reply = await this.request(running, { type: 'load', id, plugin: this.resolved ?? { pluginArg: this.plugin.pluginArg, source: this.plugin.source }, revision: this.revision }, ['loaded', 'load-failed'], this.options.loadTimeoutMs, 'load');
    const output = await this.output(running, id, reply.type !== 'failure');
    if (reply.type === 'loaded') {
      const info: LoadedInfo = { label: reply.label, source: reply.source, shape: reply.shape, ...(reply.name ? { name: reply.name } : {}), warnings: reply.warnings };
      if (this.loaded && (this.loaded.label !== info.label || this.loaded.source !== info.source)) {
        this.stop();
        throw new PluginStartError(reasonOf('load-changed', { label: info.label, source: info.source, previousLabel: this.loaded.label, previousSource: this.loaded.source }), output);
      }
      this.loaded = info;
      return info;
    }
    this.stop();
    if (reply.type === 'load-failed') throw new PluginStartError(reasonOf('load-failed', { message: reply.error.message, ...(reply.error.stack !== undefined ? { stack: reply.error.stack } : {}) }), output);
    if (reply.type === 'failure') throw new PluginStartError(reply.reason, output);
    throw new PluginStartError(reasonOf('protocol-violation', { violation: 'unexpected-reply', during: 'load', reply: reply.type }), output);
  }

  /** Run one fixture's inputs; the raw observations come back validated and normalised, never judged. */
  async execute(inputs: ScenarioInputs, timeoutMs: number, options: { traced?: boolean } = {}): Promise<Execution> {
    try {
      await this.start();
    } catch (error) {
      const output = error instanceof PluginStartError ? error.output : { stdout: '', stderr: '' };
      const cause = error instanceof PluginStartError ? error.reason : reasonOf('kit-failure', { failure: 'start', message: (error as Error).message });
      return executionError(reasonOf('reload-failed', { cause }), output);
    }
    const running = this.running!;
    running.shellCalls = 0;
    const id = randomUUID();
    const reply = await this.request(running, { type: 'execute', id, inputs: inputsOf(inputs), ...(options.traced ? { traced: true } : {}) }, ['executed', 'execute-failed'], timeoutMs, 'scenario');
    const output = await this.output(running, id, reply.type !== 'failure');
    if (reply.type === 'executed') {
      const raw = reply.actual;
      const actual: ScenarioActual = {
        outcomes: raw.outcomes,
        rawLog: raw.rawLog as unknown as SessionEvent[],
        log: normaliseLog(raw.rawLog) as unknown as SessionEvent[],
        header: raw.header as unknown as SessionHeader,
        warnings: raw.warnings,
        observations: raw.observations,
        ...(raw.lookups ? { lookups: raw.lookups } : {}),
      };
      return { kind: 'ok', actual, output, ...(reply.denied.length ? { denied: reply.denied } : {}), ...(reply.trace ? { trace: reply.trace } : {}) };
    }
    this.stop();
    if (reply.type === 'execute-failed') {
      const data = { message: reply.error.message, ...(reply.error.stack ? { stack: reply.error.stack } : {}), denied: reply.denied };
      return executionError(reply.kitFailure ? reasonOf('not-testable', data) : reasonOf('crash', { how: 'threw', ...data }), output);
    }
    if (reply.type === 'failure') return executionError(reply.reason, output);
    return executionError(reasonOf('protocol-violation', { violation: 'unexpected-reply', during: 'scenario', reply: reply.type }), output);
  }

  private kill(running: Running): void {
    running.stopWatch();
    if (running.child.pid !== undefined) releaseGroup(running.child.pid);
    running.child.stdout?.destroy();
    running.child.stderr?.destroy();
    running.channel.destroy();
    rmSync(running.tempRoot, { recursive: true, force: true });
  }

  stop(): void {
    if (this.running) {
      this.running.failure ??= reasonOf('kit-failure', { failure: 'stopped' });
      this.kill(this.running);
    }
    this.running = undefined;
  }
}
