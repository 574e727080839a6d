import { pluginFromModule, loadPlugin, resolvePluginEntry, type LoadedPlugin } from '../loader/load-plugin.js';
import { referenceModule } from '../../reference/index.js';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { SOURCES } from '../../spec/revisions.js';

/**
 * What to load, as plain data that can cross a process boundary: a bundled reference
 * (`reference:<source>`) or a user plugin (path or installed package name).
 */
export interface PluginSpec {
  spec: string;
  source?: SourceName;
  cwd?: string;
}

export const REFERENCE_PREFIX = 'reference:';

export function referenceSpec(source: SourceName): PluginSpec {
  return { spec: `${REFERENCE_PREFIX}${source}`, source };
}

export function isReferenceSpec(p: PluginSpec): boolean {
  return p.spec.startsWith(REFERENCE_PREFIX);
}

/**
 * The file the plugin's process will load (resolved here, in the parent, so the permission grants can
 * name its package); undefined for a bundled reference, which is part of the kit's runtime.
 */
export function resolveEntryForGrants(p: PluginSpec): string | undefined {
  if (isReferenceSpec(p)) return undefined;
  return resolvePluginEntry(p.spec, p.cwd).entry;
}

export async function resolvePluginSpec(p: PluginSpec, revision: SpecRevision): Promise<LoadedPlugin> {
  if (isReferenceSpec(p)) {
    const source = p.spec.slice(REFERENCE_PREFIX.length) as SourceName;
    if (!(SOURCES as readonly string[]).includes(source)) throw new Error(`unknown reference "${p.spec}"`);
    const mod = await referenceModule(source, revision);
    return pluginFromModule(mod, p.spec, `reference:${source}@${revision}`, source);
  }
  return loadPlugin(p.spec, { source: p.source, cwd: p.cwd });
}
