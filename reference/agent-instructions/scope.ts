import { basename, dirname, relative } from 'node:path';

/**
 * Scope keys: every candidate file is tracked on its own, keyed by `<directory>\0<candidate name>`.
 * The directory is `user-global` for the harness-home file, `.` for the project root, and otherwise
 * the root-relative directory. NUL cannot occur in a path, so no two candidates collide.
 */

export const USER_GLOBAL_DIRECTORY = 'user-global';
/** Discovery and reconciliation must agree on this name, or the home file would load but never reconcile. */
export const USER_GLOBAL_FILE = 'AGENTS.md';
const SEPARATOR = '\u0000';

export function scopeKey(directory: string, candidateName: string): string {
  return `${directory}${SEPARATOR}${candidateName}`;
}

export const USER_GLOBAL_SCOPE = scopeKey(USER_GLOBAL_DIRECTORY, USER_GLOBAL_FILE);

export function splitScopeKey(scope: string): { directory: string; candidateName: string } {
  const at = scope.indexOf(SEPARATOR);
  if (at < 0) return { directory: scope, candidateName: '' };
  return { directory: scope.slice(0, at), candidateName: scope.slice(at + 1) };
}

/** The two labels the home file can carry. */
export function isUserGlobalDisplayPath(displayPath: string): boolean {
  return displayPath === '~/.dsh/AGENTS.md' || displayPath === '$DSH_HOME/AGENTS.md';
}

/** `user-global` for the home file, else the file's directory as displayed (`.` at the root). */
export function directoryScopeOf(displayPath: string): string {
  return isUserGlobalDisplayPath(displayPath) ? USER_GLOBAL_DIRECTORY : dirname(displayPath);
}

export function scopeOfDisplayPath(displayPath: string): string {
  return scopeKey(directoryScopeOf(displayPath), basename(displayPath));
}

/** The scope directory of an absolute directory under the project root (`.` for the root itself). */
export function directoryScopeUnderRoot(projectRoot: string, dir: string): string {
  const rel = relative(projectRoot, dir);
  return rel.length === 0 ? '.' : rel;
}
