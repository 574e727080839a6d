import { posix } from 'node:path';
import type { AdapterContext, ServiceAdapter } from './adapter.js';
import { parentsOf, RealDirBackend, VirtualBackend, type Backend } from './fs-backends.js';
import { FsError, WorkspaceChange, WorkspaceSpec, type FaultKind, type FsInfo, type FsTarget, type WorkspaceSpecInput } from './fs-schema.js';

export * from './fs-schema.js';


/**
 * The `fs` service for agent-instructions scenarios: the slice of DSH's `FileSystem` Service
 * Definition (`@deepseek-ai/dsh-fs`) the plugin touches:
 *
 * - `resolve(path, {cwd?, signal?}) → FsTarget {targetKey, displayPath}`: normalises the path and
 *   follows every symlink, final component included (the local backend realpaths). A missing suffix
 *   is kept as written, so resolving a path that does not exist succeeds; absence is `stat`'s answer.
 *   A symlink loop throws (`FS_IO_ERROR`).
 * - `stat(target, signal) → {type:'file'|'directory'|'other', version, size?} | undefined`:
 *   `undefined` means absent, which includes "a parent component is a regular file" (ENOTDIR).
 * - `streamText(target, signal) → Promise<AsyncIterable<string>>`: decoded text in chunks; a missing
 *   target throws `FS_NOT_FOUND`, a non-file `FS_NOT_REGULAR_FILE`, an unreadable file
 *   `FS_PERMISSION_DENIED`; the signal is checked before every chunk.
 *
 * Errors are `FsError`-shaped (`name`, `code` from the dsh-fs taxonomy). The plugin only tells
 * "threw" from "returned", so codes are for humans reading failures.
 *
 * Two backends share all of that logic and differ only in their primitives (lstat, readlink, read):
 * - **virtual**: an in-memory tree with version tokens bumped on every write;
 * - **real**: a real temporary directory `T`; the plugin still sees the fixture's virtual absolute
 *   paths (`/proj/AGENTS.md` lives at `T/proj/AGENTS.md`), so the same fixture gives the same log in
 *   both modes. Its entries are real files, directories, symlinks and FIFOs read back with real
 *   syscalls. Version tokens come from the real `stat` (inode, size, mtime and ctime in ns) plus a
 *   write generation, because coarse file-system timestamps can make two quick same-size writes look
 *   identical. Faults the OS cannot produce on demand (an EIO from stat, a permission error while
 *   running as root) are injected by the service in both modes.
 *
 * Every call is recorded (`resolve <path>`, `stat <targetKey>`, `stream <targetKey>`). Fixtures opt into
 * order-free observations (`observe`): which files were read or stat-ed how often, and how many chunks
 * were consumed, e.g. "one pass never probes the same file twice" or "an oversize file is never read".
 */

const MAX_SYMLINK_HOPS = 40;

/**
 * The service object the plugin gets as `ctx.get('fs')`. Shared by both backends.
 */
export class FileSystemService {
  readonly calls: string[] = [];
  chunksRead = 0;
  private readonly faults = new Map<string, Set<FaultKind>>();
  /** Reads stalled by a `hang` fault, released when the fault is cleared. */
  private readonly hanging = new Map<string, Array<() => void>>();
  private readonly unreadable = new Set<string>();
  /** Fixed version tokens and reported sizes set by the fixture (cleared by a plain rewrite). */
  private readonly fixedVersions = new Map<string, string>();
  private readonly reportedSizes = new Map<string, number | null>();

  constructor(
    private readonly backend: Backend,
    private readonly chunkSize: number,
  ) {}

  // ---- the DSH surface -------------------------------------------------------------------------

  async resolve(path: string, opts?: { cwd?: string; signal?: AbortSignal }): Promise<FsTarget> {
    opts?.signal?.throwIfAborted();
    const absolute = posix.resolve(opts?.cwd ?? '/', path);
    this.calls.push(`resolve ${absolute}`);
    if (this.faults.get(absolute)?.has('resolve')) throw new FsError(`cannot resolve ${absolute}: injected I/O error`, 'FS_IO_ERROR');
    const key = this.canonical(absolute);
    return { targetKey: key, displayPath: key };
  }

  async stat(target: FsTarget, signal?: AbortSignal): Promise<FsInfo | undefined> {
    signal?.throwIfAborted();
    const key = target.targetKey;
    this.calls.push(`stat ${key}`);
    if (this.faults.get(key)?.has('stat')) throw new FsError(`cannot stat ${key}: injected I/O error`, 'FS_IO_ERROR');
    // The tree may have changed since `resolve`: follow whatever is there now.
    const now = this.canonical(key);
    const kind = this.backend.kind(now);
    if (kind === undefined || kind === 'symlink') return undefined;
    const version = this.fixedVersions.get(now) ?? this.backend.version(now);
    if (kind !== 'file') return { type: kind, version };
    const reported = this.reportedSizes.has(now) ? this.reportedSizes.get(now) : this.backend.trueSize(now);
    return reported === null || reported === undefined ? { type: 'file', version } : { type: 'file', version, size: reported };
  }

  async streamText(target: FsTarget, signal?: AbortSignal): Promise<AsyncIterable<string>> {
    signal?.throwIfAborted();
    const key = target.targetKey;
    this.calls.push(`stream ${key}`);
    const now = this.canonical(key);
    const kind = this.backend.kind(now);
    if (kind === undefined || kind === 'symlink') throw new FsError(`no such file: ${key}`, 'FS_NOT_FOUND');
    if (kind !== 'file') throw new FsError(`not a regular file: ${key}`, 'FS_NOT_REGULAR_FILE');
    if (this.unreadable.has(now) || this.faults.get(now)?.has('read')) throw new FsError(`permission denied: ${key}`, 'FS_PERMISSION_DENIED');
    if (this.faults.get(now)?.has('hang')) await this.hangWhileFaulted(now, signal);
    let text: string;
    try {
      text = this.backend.read(now);
    } catch (error) {
      throw new FsError(`cannot read ${key}: ${(error as Error).message}`, 'FS_PERMISSION_DENIED');
    }
    const chunks = splitCodePoints(text, this.chunkSize);
    const service = this;
    return {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          signal?.throwIfAborted();
          service.chunksRead += 1;
          yield chunk;
        }
      },
    };
  }

  /**
   * A read that does not answer (a stalled network mount): it rejects with the signal's reason when
   * the signal aborts, and goes on normally once the fixture clears the fault.
   */
  private hangWhileFaulted(path: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.hanging.set(path, [...(this.hanging.get(path) ?? []), resolve]);
    });
  }

  // ---- path resolution -------------------------------------------------------------------------

  /** Follow symlinks component by component; a missing or non-directory suffix is kept as written. */
  private canonical(absolute: string): string {
    let hops = 0;
    let done = '/';
    let rest = absolute.split('/').filter((s) => s.length > 0);
    while (rest.length > 0) {
      const [head, ...tail] = rest;
      const candidate = posix.join(done, head);
      const kind = this.backend.kind(candidate);
      if (kind === 'symlink') {
        hops += 1;
        if (hops > MAX_SYMLINK_HOPS) throw new FsError(`too many levels of symbolic links: ${absolute}`, 'FS_IO_ERROR');
        const link = this.backend.readlink(candidate);
        const resolved = posix.resolve(done, link);
        done = '/';
        rest = [...resolved.split('/').filter((s) => s.length > 0), ...tail];
        continue;
      }
      if (kind === undefined || (kind !== 'directory' && tail.length > 0)) return posix.join(candidate, ...tail);
      done = candidate;
      rest = tail;
    }
    return done;
  }

  // ---- fixture control -------------------------------------------------------------------------

  /** Write through symlinks (like a real write), keeping fixture metadata overrides when given. */
  write(path: string, content: string, version?: string, size?: number | null): void {
    let at: string;
    try {
      at = this.canonical(path);
    } catch {
      return; // a symlink loop: a real write fails with ELOOP, nothing changes
    }
    // A write onto a directory, or below a non-directory, fails on a real system: nothing changes.
    if (!this.creatable(at)) return;
    // Writing into a FIFO would block a real system: the fixture replaces the entry instead.
    if (this.backend.kind(at) === 'other') this.backend.remove(at);
    this.backend.writeFile(at, content);
    if (version === undefined) this.fixedVersions.delete(at);
    else this.fixedVersions.set(at, version);
    if (size === undefined) this.reportedSizes.delete(at);
    else this.reportedSizes.set(at, size);
    if (this.unreadable.has(at)) this.backend.setUnreadable(at, true);
  }

  /** Can a file or link be created at this (canonical) path? */
  private creatable(path: string): boolean {
    if (this.backend.kind(path) === 'directory') return false;
    return parentsOf(path).every((dir) => {
      const kind = this.backend.kind(dir);
      return kind === undefined || kind === 'directory';
    });
  }

  apply(change: WorkspaceChange): void {
    switch (change.op) {
      case 'write':
        this.write(change.path, change.content, change.version, change.size);
        return;
      case 'remove':
        this.backend.remove(change.path);
        for (const key of [...this.fixedVersions.keys()]) if (key === change.path || key.startsWith(`${change.path}/`)) this.fixedVersions.delete(key);
        return;
      case 'mkdir':
        this.backend.mkdir(change.path);
        return;
      case 'symlink':
        if (!this.creatable(change.path) && this.backend.kind(change.path) !== 'directory') return;
        this.backend.remove(change.path);
        this.backend.symlink(change.path, change.target);
        return;
      case 'fault':
        if (change.kinds.length === 0) this.faults.delete(change.path);
        else this.faults.set(change.path, new Set(change.kinds));
        if (!change.kinds.includes('hang')) {
          for (const release of this.hanging.get(change.path) ?? []) release();
          this.hanging.delete(change.path);
        }
        return;
      case 'unreadable': {
        let at: string;
        try {
          at = this.canonical(change.path);
        } catch {
          return;
        }
        if (change.value) this.unreadable.add(at);
        else this.unreadable.delete(at);
        if (this.backend.kind(at) === 'file') this.backend.setUnreadable(at, change.value);
        return;
      }
    }
  }

  populate(description: WorkspaceSpec): void {
    for (const dir of description.dirs) this.backend.mkdir(dir);
    for (const path of description.others) if (this.creatable(path)) this.backend.mkOther(path);
    for (const [path, target] of Object.entries(description.symlinks)) if (this.creatable(path)) this.backend.symlink(path, target);
    for (const [path, entry] of Object.entries(description.files)) {
      const file = typeof entry === 'string' ? { content: entry } : entry;
      this.write(path, file.content, file.version, file.size);
      if (file.unreadable) this.apply({ op: 'unreadable', path, value: true });
    }
    for (const [path, kinds] of Object.entries(description.faults)) this.apply({ op: 'fault', path, kinds });
  }

  dispose(): void {
    this.backend.dispose();
  }
}

function splitCodePoints(text: string, size: number): string[] {
  if (text.length === 0) return [];
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

export interface Workspace {
  /** The service object, or undefined when the fixture has no provider. */
  readonly fs: FileSystemService | undefined;
  /** Always present: fixture changes go here even when the plugin sees no provider. */
  readonly service: FileSystemService;
  /** The real temporary directory (real mode only). */
  readonly realRoot?: string;
  dispose(): void;
}

/** Build a workspace from its fixture description in either mode. The caller owns `env` (see {@link createAdapter}). */
export function createWorkspace(input: WorkspaceSpecInput, mode: AdapterContext['mode'] = 'virtual'): Workspace {
  const description = WorkspaceSpec.parse(input);
  const backend = mode === 'real' ? new RealDirBackend() : new VirtualBackend();
  const service = new FileSystemService(backend, description.chunkSize);
  service.populate(description);
  return {
    fs: description.provider ? service : undefined,
    service,
    realRoot: backend instanceof RealDirBackend ? backend.root : undefined,
    dispose: () => service.dispose(),
  };
}

/** Set HOME / DSH_HOME for the scenario; returns the function that restores them. */
export function applyWorkspaceEnv(env: WorkspaceSpec['env']): () => void {
  const saved = { HOME: process.env.HOME, DSH_HOME: process.env.DSH_HOME };
  if (env.HOME !== undefined) process.env.HOME = env.HOME;
  if (env.DSH_HOME === null) delete process.env.DSH_HOME;
  else if (env.DSH_HOME !== undefined) process.env.DSH_HOME = env.DSH_HOME;
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** The scenario adapter for `env.workspace` (registered in conformance/scenario/adapters.ts). */
export function createAdapter(input: unknown, context: AdapterContext): ServiceAdapter {
  const section = WorkspaceSpec.parse(input);
  const restoreEnv = applyWorkspaceEnv(section.env);
  const workspace = createWorkspace(section, context.mode);
  return {
    services: workspace.fs === undefined ? {} : { fs: workspace.fs },
    change(change: unknown) {
      workspace.service.apply(WorkspaceChange.parse(change));
    },
    observe() {
      // Only what the fixture opted into: the order of probes is not specified, their number is.
      if (section.observe.length === 0) return undefined;
      const calls = workspace.service.calls;
      const of = (verb: string) => calls.filter((c) => c.startsWith(`${verb} `)).map((c) => c.slice(verb.length + 1)).sort();
      const out: Record<string, unknown> = {};
      if (section.observe.includes('streams')) out.streams = of('stream');
      if (section.observe.includes('stats')) out.stats = of('stat');
      if (section.observe.includes('chunks')) out.chunks = workspace.service.chunksRead;
      return out;
    },
    dispose() {
      workspace.dispose();
      restoreEnv();
    },
  };
}
