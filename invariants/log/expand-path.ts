import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeName } from './file-type.js';
import type { ReaderMessageFor } from './reader-rules.js';

/**
 * Turns the PATH arguments of `check` into the list of log files to read. A file is taken as given
 * (whatever its name); a directory is searched recursively for DSH's `session.jsonl` /
 * `session.jsonl.zstd` files (the `sessions/<project-key>/<session-id>/` tree). The result is sorted
 * and de-duplicated so runs and shards are deterministic. Nothing is skipped silently: a missing path
 * or a directory without logs comes back as a problem.
 */
export const LOG_FILE_NAMES: ReadonlySet<string> = new Set(['session.jsonl', 'session.jsonl.zstd']);

/** A PATH argument that gives no log: where, and the reader finding that says why. */
export type PathProblem = { path: string } & ReaderMessageFor<'LOG-READ-1' | 'LOG-READ-2'>;

export interface ExpandedPaths {
  files: string[];
  problems: PathProblem[];
}

function errorText(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code === 'ENOENT' ? 'no such file or directory' : e.code === 'EACCES' ? 'permission denied' : (e.message ?? String(error));
}

export async function expandPaths(paths: readonly string[]): Promise<ExpandedPaths> {
  const files = new Set<string>();
  const problems: PathProblem[] = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      problems.push({ path, rule: 'LOG-READ-1', messageId: 'cannotStat', data: { path, error: errorText(error) } });
      continue;
    }
    if (info.isFile()) {
      files.add(path);
      continue;
    }
    if (!info.isDirectory()) {
      problems.push({ path, rule: 'LOG-READ-1', messageId: 'notFileOrDirectory', data: { path, fileType: fileTypeName(info) } });
      continue;
    }
    const found: string[] = [];
    await searchDirectory(path, found, new Set(), problems);
    if (found.length === 0) {
      problems.push({ path, rule: 'LOG-READ-2', messageId: 'noLogs', data: { path } });
    }
    for (const f of found) files.add(f);
  }
  return { files: [...files].sort(compareCodeUnits), problems };
}

async function searchDirectory(dir: string, found: string[], visited: Set<string>, problems: PathProblem[]): Promise<void> {
  let real: string;
  let entries;
  try {
    real = await realpath(dir);
    // Symlinked directories are followed once; a cycle would otherwise never end.
    if (visited.has(real)) return;
    visited.add(real);
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    problems.push({ path: dir, rule: 'LOG-READ-1', messageId: 'cannotReadDirectory', data: { path: dir, error: errorText(error) } });
    return;
  }
  entries.sort((a, b) => compareCodeUnits(a.name, b.name));
  for (const entry of entries) {
    const full = join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      try {
        const target = await stat(full);
        isDir = target.isDirectory();
        isFile = target.isFile();
      } catch (error) {
        // Any other dangling link is not a log; one named like a log is a log DSH cannot open.
        if (LOG_FILE_NAMES.has(entry.name)) {
          const to = await readlink(full).catch(() => '?');
          problems.push({ path: full, rule: 'LOG-READ-1', messageId: 'danglingLogLink', data: { path: full, target: to, error: errorText(error) } });
        }
        continue;
      }
    }
    if (isDir) await searchDirectory(full, found, visited, problems);
    // A FIFO, socket or device named like a log is handed to the reader, which opens it without
    // blocking, sees what it is (fstat) and reports it: nothing with a log's name is skipped silently.
    else if (LOG_FILE_NAMES.has(entry.name)) found.push(full);
  }
}

/** Plain code-unit order: locale-independent, so every machine shards the same way. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
