import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { dshHomeDisplay, resolveDiscoveryConfig } from './config.js';
import { markerExists, probeFile, type PresentInfo } from './probe.js';
import type { FileSystemProvider } from './provider.js';
import { USER_GLOBAL_FILE } from './scope.js';

/**
 * Where instruction files are looked for, in model precedence order (broadest first):
 * `$DSH_HOME/AGENTS.md`, then every directory from the project root down to cwd, each with its base
 * candidates then its local overlays, in configured order. Every present candidate loads; duplicates
 * are collapsed later, by content, within one directory.
 */

/** A discovered candidate. `absolutePath` identifies it; `displayPath` is what the model sees. */
export interface DiscoveredFile extends PresentInfo {
  absolutePath: string;
  displayPath: string;
}

/** The first directory, walking up from cwd, that holds any marker entry; cwd when none does. */
export async function findProjectRoot(cwd: string, markers: readonly string[], fs: FileSystemProvider | undefined, signal: AbortSignal | undefined): Promise<string> {
  let current = resolve(cwd);
  for (;;) {
    for (const marker of markers) if (await markerExists(join(current, marker), fs, signal)) return current;
    const parent = dirname(current);
    if (parent === current) return resolve(cwd);
    current = parent;
  }
}

/** Directories from `root` down to `cwd`, inclusive, broadest first. */
export function rootToCwd(root: string, cwd: string): string[] {
  const chain: string[] = [];
  let current = resolve(cwd);
  const top = resolve(root);
  while (current !== top) {
    chain.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  chain.push(top);
  return chain.reverse();
}

/**
 * Directories strictly below `cwd` down to the touched file's parent. Relative paths resolve against
 * cwd; a file directly in cwd, or outside it, crosses none.
 */
export function descendantDirsBetween(cwd: string, touchedPath: string): string[] {
  const base = resolve(cwd);
  const parent = dirname(isAbsolute(touchedPath) ? resolve(touchedPath) : resolve(base, touchedPath));
  const rel = relative(base, parent);
  if (rel.length === 0 || rel.startsWith('..') || isAbsolute(rel)) return [];
  return rootToCwd(base, parent).slice(1);
}

export function userGlobalDisplayPath(dshHome: string): string {
  return `${dshHomeDisplay(dshHome)}/AGENTS.md`;
}

export interface DiscoveryOptions {
  cwd: string;
  dshHome?: string | null;
  projectRootMarkers?: string[];
  instructionFileCandidates?: string[];
  localInstructionFileCandidates?: string[];
  /** Skip the root walk (the plugin already found it for this pass). */
  projectRoot?: string;
  signal?: AbortSignal;
}

async function presentCandidates(dir: string, root: string, candidates: readonly string[], fs: FileSystemProvider | undefined, signal: AbortSignal | undefined): Promise<DiscoveredFile[]> {
  const found: DiscoveredFile[] = [];
  for (const candidate of candidates) {
    const path = join(dir, candidate);
    const probe = await probeFile(path, fs, signal);
    // Absent and unavailable candidates are both skipped; siblings still load.
    if (probe.kind === 'present') found.push({ absolutePath: path, displayPath: relative(root, path), ...probe.info });
  }
  return found;
}

/** Every present candidate in precedence order, each absolute path once. */
export async function discoverFiles(options: DiscoveryOptions, fs: FileSystemProvider | undefined): Promise<DiscoveredFile[]> {
  const config = resolveDiscoveryConfig(options);
  const files: DiscoveredFile[] = [];
  const seen = new Set<string>();
  const add = (file: DiscoveredFile) => {
    // When the home is the project root, its AGENTS.md appears once, as the user-global file.
    if (seen.has(file.absolutePath)) return;
    seen.add(file.absolutePath);
    files.push(file);
  };
  const home = join(config.dshHome, USER_GLOBAL_FILE);
  const homeProbe = await probeFile(home, fs, options.signal);
  if (homeProbe.kind === 'present') add({ absolutePath: home, displayPath: userGlobalDisplayPath(config.dshHome), ...homeProbe.info });
  const cwd = resolve(options.cwd);
  const root = options.projectRoot ?? (await findProjectRoot(cwd, config.projectRootMarkers, fs, options.signal));
  for (const dir of rootToCwd(root, cwd)) {
    for (const candidates of [config.instructionFileCandidates, config.localInstructionFileCandidates]) {
      for (const file of await presentCandidates(dir, root, candidates, fs, options.signal)) add(file);
    }
  }
  return files;
}
