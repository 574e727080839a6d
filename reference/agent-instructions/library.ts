import { loadBaselineSet, renderBaseline, type BaselineOptions, type LoadedFile, type RenderedWorkspaceContext } from './baseline.js';
import type { DiscoveryOptions } from './discovery.js';
import { defaultParts } from './parts.js';
import type { FileSystemProvider } from './provider.js';

/**
 * The library functions the published package exports, with the same behaviour: Node's file system
 * when no provider is given (discovery always uses Node's).
 */

/** Host-visible candidates (Node file system), path-deduplicated, in precedence order. */
export async function discoverBaselineInstructionFiles(options: DiscoveryOptions): Promise<Array<{ absolutePath: string; displayPath: string }>> {
  return (await defaultParts.discoverFiles(options, undefined)).map(({ absolutePath, displayPath }) => ({ absolutePath, displayPath }));
}

/** Discover, read and render the baseline; `undefined` when nothing loads or loading is disabled. */
export async function loadBaselineInstructions(options: BaselineOptions, fileSystem?: FileSystemProvider): Promise<RenderedWorkspaceContext | undefined> {
  return (await loadBaselineSet(options, fileSystem, defaultParts))?.rendered;
}

/** Render already-loaded files (broadest first) within the budget. */
export function renderWorkspaceContext(files: LoadedFile[], options: { maxBytes: number; replacePreviousBaseline?: boolean }): RenderedWorkspaceContext {
  return renderBaseline(files, options, defaultParts).rendered;
}
