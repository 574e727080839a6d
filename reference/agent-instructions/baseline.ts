import { dirname } from 'node:path';
import { isUsableBudget, resolveConfig } from './config.js';
import type { BudgetFile } from './budget.js';
import { trimmedDigest } from './digest.js';
import type { DiscoveryOptions } from './discovery.js';
import type { Parts } from './parts.js';
import type { FileSystemProvider } from './provider.js';
import { readBounded } from './reads.js';
import { BASELINE_INTRO, baselineSection, EMPTY_REPLACEMENT_INTRO, REPLACEMENT_INTRO, type TruncatedInstruction } from './text.js';

/**
 * The complete baseline: discover, read (bounded), collapse same-directory duplicates, render within
 * the budget. Also the three exported library functions, which behave exactly like the published
 * ones (Node's file system when no provider is given).
 */

export interface LoadedFile extends BudgetFile {
  version?: unknown;
}

export interface RenderedWorkspaceContext {
  text: string;
  omitted: Array<{ absolutePath: string; displayPath: string }>;
  truncated: TruncatedInstruction[];
}

export interface BaselineOptions extends DiscoveryOptions {
  maxBytes: number;
  maxSourceBytes?: number;
  /** A visible baseline with another identity exists: render the "replaces all earlier" wording. */
  replacePreviousBaseline?: boolean;
}

export interface BaselineSet {
  rendered: RenderedWorkspaceContext;
  /** Every file read successfully (before dedup and budget). */
  observed: LoadedFile[];
  /** Files the rendering represents. */
  included: LoadedFile[];
}

/**
 * Within one directory (the display path's directory), keep the first file of each trimmed content;
 * its original bytes are what renders. Files in different directories never collapse.
 */
export function dedupWithinDirectories<F extends { displayPath: string; content: string }>(files: readonly F[]): F[] {
  const seenByDir = new Map<string, Set<string>>();
  const kept: F[] = [];
  for (const file of files) {
    const dir = dirname(file.displayPath);
    let seen = seenByDir.get(dir);
    if (seen === undefined) {
      seen = new Set();
      seenByDir.set(dir, seen);
    }
    const digest = trimmedDigest(file.content);
    if (seen.has(digest)) continue;
    seen.add(digest);
    kept.push(file);
  }
  return kept;
}

function baselineStyle(files: readonly LoadedFile[], replacePreviousBaseline: boolean | undefined) {
  const intro = replacePreviousBaseline !== true ? BASELINE_INTRO : files.length === 0 ? EMPTY_REPLACEMENT_INTRO : REPLACEMENT_INTRO;
  return { intro, section: baselineSection };
}

export type BaselineParts = Pick<Parts, 'discoverFiles' | 'dedupWithinDirectories' | 'renderWithinBudget' | 'escapeFrameBody'>;

export function renderBaseline(
  files: LoadedFile[],
  options: { maxBytes: number; replacePreviousBaseline?: boolean },
  parts: Pick<Parts, 'renderWithinBudget' | 'escapeFrameBody'>,
): { rendered: RenderedWorkspaceContext; included: LoadedFile[] } {
  const style = { ...baselineStyle(files, options.replacePreviousBaseline), escape: parts.escapeFrameBody };
  const { represented, ...rendered } = parts.renderWithinBudget(files, options.maxBytes, style);
  return { rendered, included: represented };
}

export async function loadBaselineSet(options: BaselineOptions, fs: FileSystemProvider | undefined, parts: BaselineParts): Promise<BaselineSet | undefined> {
  const config = resolveConfig(options);
  if (!isUsableBudget(config.maxBytes) || !isUsableBudget(config.maxSourceBytes)) return undefined;
  const discovered = await parts.discoverFiles(options, fs);
  const loaded: LoadedFile[] = [];
  for (const file of discovered) {
    const content = await readBounded(file, config.maxSourceBytes, fs, options.signal);
    if (content === undefined) continue;
    loaded.push({ absolutePath: file.absolutePath, displayPath: file.displayPath, content, ...(file.version === undefined ? {} : { version: file.version }) });
  }
  const kept = parts.dedupWithinDirectories(loaded);
  if (kept.length === 0) {
    // Nothing to show: only a replacement still has something to say ("no instructions are active").
    if (options.replacePreviousBaseline !== true) return undefined;
    const { rendered, included } = renderBaseline([], { maxBytes: config.maxBytes, replacePreviousBaseline: true }, parts);
    return { rendered, observed: [], included };
  }
  const { rendered, included } = renderBaseline(
    kept,
    { maxBytes: config.maxBytes, ...(options.replacePreviousBaseline === undefined ? {} : { replacePreviousBaseline: options.replacePreviousBaseline }) },
    parts,
  );
  return { rendered, observed: loaded, included };
}
