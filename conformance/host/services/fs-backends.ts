import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';

/**
 * The two storage backends of the `fs` service (./fs.ts): an in-memory tree and a real temporary
 * directory. They provide primitives only (lstat, readlink, read, write); path resolution, faults and
 * the DSH surface are shared in the service so both modes give the same log.
 */

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

/** The primitives a backend provides; everything else is shared. Paths are virtual and normalised. */
export interface Backend {
  kind(path: string): EntryKind | undefined;
  readlink(path: string): string;
  /** Content of a regular file (throws a permission error when the OS refuses). */
  read(path: string): string;
  version(path: string): string;
  /** The true size of a regular file in bytes. */
  trueSize(path: string): number;
  writeFile(path: string, content: string): void;
  mkdir(path: string): void;
  symlink(path: string, target: string): void;
  mkOther(path: string): void;
  remove(path: string): void;
  setUnreadable(path: string, value: boolean): void;
  dispose(): void;
}

export function parentsOf(path: string): string[] {
  const out: string[] = [];
  let current = posix.dirname(path);
  while (current !== '/') {
    out.unshift(current);
    current = posix.dirname(current);
  }
  return out;
}

export class VirtualBackend implements Backend {
  private readonly nodes = new Map<string, { kind: EntryKind; content?: string; target?: string; version: string }>([['/', { kind: 'directory', version: 'v0' }]]);
  private counter = 0;

  private nextVersion(): string {
    this.counter += 1;
    return `v${this.counter}`;
  }
  kind(path: string): EntryKind | undefined {
    return this.nodes.get(path)?.kind;
  }
  readlink(path: string): string {
    return this.nodes.get(path)!.target!;
  }
  read(path: string): string {
    return this.nodes.get(path)!.content!;
  }
  version(path: string): string {
    return this.nodes.get(path)!.version;
  }
  trueSize(path: string): number {
    return Buffer.byteLength(this.read(path), 'utf8');
  }
  private ensureParents(path: string): void {
    for (const dir of parentsOf(path)) if (!this.nodes.has(dir)) this.nodes.set(dir, { kind: 'directory', version: this.nextVersion() });
  }
  writeFile(path: string, content: string): void {
    this.ensureParents(path);
    this.nodes.set(path, { kind: 'file', content, version: this.nextVersion() });
  }
  mkdir(path: string): void {
    this.ensureParents(path);
    if (this.nodes.get(path)?.kind !== 'directory') this.nodes.set(path, { kind: 'directory', version: this.nextVersion() });
  }
  symlink(path: string, target: string): void {
    this.ensureParents(path);
    this.nodes.set(path, { kind: 'symlink', target, version: this.nextVersion() });
  }
  mkOther(path: string): void {
    this.ensureParents(path);
    this.nodes.set(path, { kind: 'other', version: this.nextVersion() });
  }
  remove(path: string): void {
    for (const key of [...this.nodes.keys()]) if (key === path || key.startsWith(`${path}/`)) this.nodes.delete(key);
  }
  setUnreadable(): void {
    // Unreadability is a service-level fault in virtual mode (see FileSystemService.unreadable).
  }
  dispose(): void {}
}

/** A real temporary directory; virtual `/x` lives at `<root>/x`. */
export class RealDirBackend implements Backend {
  readonly root: string;
  /** Bumped on every write the service performs (coarse timestamps can hide a rewrite). */
  private readonly generations = new Map<string, number>();

  constructor() {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-ai-ws-')));
  }
  real(path: string): string {
    return path === '/' ? this.root : this.root + path;
  }
  kind(path: string): EntryKind | undefined {
    try {
      const s = lstatSync(this.real(path));
      return s.isSymbolicLink() ? 'symlink' : s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }
  readlink(path: string): string {
    const target = readlinkSync(this.real(path));
    // Absolute targets were written inside the temporary root; map them back to virtual paths.
    return target.startsWith(`${this.root}/`) || target === this.root ? target.slice(this.root.length) || '/' : target;
  }
  read(path: string): string {
    return readFileSync(this.real(path), 'utf8');
  }
  version(path: string): string {
    const s = statSync(this.real(path), { bigint: true });
    return `${s.ino}-${s.size}-${s.mtimeNs}-${s.ctimeNs}-g${this.generations.get(path) ?? 0}`;
  }
  trueSize(path: string): number {
    return Number(statSync(this.real(path)).size);
  }
  private bump(path: string): void {
    this.generations.set(path, (this.generations.get(path) ?? 0) + 1);
  }
  private ensureParents(path: string): void {
    mkdirSync(posix.dirname(this.real(path)), { recursive: true });
  }
  writeFile(path: string, content: string): void {
    this.ensureParents(path);
    writeFileSync(this.real(path), content, 'utf8');
    this.bump(path);
  }
  mkdir(path: string): void {
    mkdirSync(this.real(path), { recursive: true });
  }
  symlink(path: string, target: string): void {
    this.ensureParents(path);
    rmSync(this.real(path), { force: true, recursive: true });
    symlinkSync(target.startsWith('/') ? this.real(target) : target, this.real(path));
  }
  mkOther(path: string): void {
    this.ensureParents(path);
    execFileSync('mkfifo', [this.real(path)]);
  }
  remove(path: string): void {
    rmSync(this.real(path), { force: true, recursive: true });
  }
  setUnreadable(path: string, value: boolean): void {
    // Effective for non-root users; as root the service-level fault still makes the read fail.
    try {
      chmodSync(this.real(path), value ? 0o000 : 0o644);
    } catch {
      // The file may not exist yet; the service-level fault covers it.
    }
  }
  dispose(): void {
    try {
      rmSync(this.root, { recursive: true, force: true });
    } catch {
      // Best effort: a leftover temporary directory is harmless.
    }
  }
}
