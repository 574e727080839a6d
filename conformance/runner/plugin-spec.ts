import { pluginFromModule, loadPlugin, type LoadedPlugin, type PluginSource } from '../loader/load-plugin.js';
import { referenceModule } from '../../reference/index.js';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { SOURCES } from '../../spec/revisions.js';

/**
 * What to load, as plain data that can cross a process boundary: a bundled reference
 * (`reference:<source>`) or a user plugin (path or installed package name).
 */
export interface PluginSpec {
  spec: string;
  source?: PluginSource;
  cwd?: string;
}

export const REFERENCE_PREFIX = 'reference:';

export function referenceSpec(source: SourceName): PluginSpec {
  return { spec: `${REFERENCE_PREFIX}${source}`, source };
}

export async function resolvePluginSpec(p: PluginSpec, revision: SpecRevision): Promise<LoadedPlugin> {
  if (p.spec.startsWith(REFERENCE_PREFIX)) {
    const source = p.spec.slice(REFERENCE_PREFIX.length) as SourceName;
    if (!(SOURCES as readonly string[]).includes(source)) throw new Error(`unknown reference "${p.spec}"`);
    const mod = await referenceModule(source, revision);
    return pluginFromModule(mod, p.spec, `reference:${source}@${revision}`, source);
  }
  return loadPlugin(p.spec, { source: p.source, cwd: p.cwd });
}
