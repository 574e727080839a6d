import { stat } from 'node:fs/promises';
import { signalOption, type FileSystemProvider } from './provider.js';

/**
 * One metadata probe of a candidate path, classified three ways:
 * - `present`: a regular file after following symlinks;
 * - `absent`: nothing there, or not a regular file (a directory, a link to one);
 * - `unavailable`: the probe itself failed; the caller skips only this candidate and never treats it
 *   as a deletion.
 * An aborted signal always propagates instead of being classified.
 *
 * With a provider, "absent" is the provider's own `undefined` from `stat`; every exception is
 * "unavailable". Without one (the exported library functions), Node's `stat` is used and `ENOENT` /
 * `ENOTDIR` mean absent.
 */

export interface PresentInfo {
  /** Provider target for the later read (provider path only). */
  target?: unknown;
  version?: unknown;
  size?: number;
}

export type Probe = { kind: 'present'; info: PresentInfo } | { kind: 'absent' } | { kind: 'unavailable' };

function isMissingPathError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR');
}

async function probeWithNode(path: string, signal: AbortSignal | undefined): Promise<Probe> {
  try {
    signal?.throwIfAborted();
    const info = await stat(path);
    signal?.throwIfAborted();
    return info.isFile() ? { kind: 'present', info: { size: info.size } } : { kind: 'absent' };
  } catch (error) {
    signal?.throwIfAborted();
    return isMissingPathError(error) ? { kind: 'absent' } : { kind: 'unavailable' };
  }
}

async function probeWithProvider(path: string, fs: FileSystemProvider, signal: AbortSignal | undefined): Promise<Probe> {
  try {
    const target = await fs.resolve(path, signalOption(signal));
    signal?.throwIfAborted();
    const info = await fs.stat(target, signal);
    signal?.throwIfAborted();
    if (info?.type !== 'file') return { kind: 'absent' };
    return { kind: 'present', info: { target, version: info.version, ...(info.size === undefined ? {} : { size: info.size }) } };
  } catch {
    signal?.throwIfAborted();
    return { kind: 'unavailable' };
  }
}

export async function probeFile(path: string, fs: FileSystemProvider | undefined, signal: AbortSignal | undefined): Promise<Probe> {
  return fs === undefined ? probeWithNode(path, signal) : probeWithProvider(path, fs, signal);
}

/**
 * Does a project-root marker exist? Any entry counts (a `.git` file in a worktree as much as a
 * directory). A failed lookup counts as "no marker here".
 */
export async function markerExists(path: string, fs: FileSystemProvider | undefined, signal: AbortSignal | undefined): Promise<boolean> {
  if (fs !== undefined) {
    try {
      const target = await fs.resolve(path, signalOption(signal));
      return (await fs.stat(target, signal)) !== undefined;
    } catch {
      signal?.throwIfAborted();
      return false;
    }
  }
  try {
    signal?.throwIfAborted();
    await stat(path);
    signal?.throwIfAborted();
    return true;
  } catch {
    signal?.throwIfAborted();
    return false;
  }
}

/**
 * The reconciliation probe of one scope candidate. Unlike {@link probeFile} it does not re-check the
 * signal between resolve and stat (an abort surfaces at the next read or probe).
 */
export async function probeScopeCandidate(path: string, fs: FileSystemProvider, signal: AbortSignal | undefined): Promise<Probe> {
  let target: unknown;
  let info: Awaited<ReturnType<FileSystemProvider['stat']>>;
  try {
    target = await fs.resolve(path, signalOption(signal));
    info = await fs.stat(target, signal);
  } catch {
    signal?.throwIfAborted();
    return { kind: 'unavailable' };
  }
  if (info?.type !== 'file') return { kind: 'absent' };
  return { kind: 'present', info: { target, version: info.version, ...(info.size === undefined ? {} : { size: info.size }) } };
}
