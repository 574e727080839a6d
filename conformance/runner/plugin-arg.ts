import { pathToFileURL } from 'node:url';
import { PluginLoadError, pluginFromModule, loadPlugin, resolvePluginEntry, type LoadedPlugin, type PluginSource } from '../loader/load-plugin.js';
import { referenceModule } from '../../reference/index.js';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { SOURCES } from '../../spec/revisions.js';

/**
 * What to load, as plain data that can cross a process boundary: the plugin argument as the user
 * gave it (`pluginArg`: a bundled reference `reference:<source>`, or a user plugin's path or
 * installed package name), with the source it implements and the directory it is relative to.
 */
export interface PluginArg {
  pluginArg: string;
  source?: PluginSource;
  cwd?: string;
}

/** A user plugin resolved by the parent: the file to import and the label its package gives it. */
export interface ResolvedPlugin {
  pluginArg: string;
  source?: PluginSource;
  entry: string;
  label: string;
  /** The package's name, which the loader uses to tell which source the plugin implements. */
  packageName?: string;
}

export const REFERENCE_PREFIX = 'reference:';

export function referencePluginArg(source: SourceName): PluginArg {
  return { pluginArg: `${REFERENCE_PREFIX}${source}`, source };
}

export function isReferenceArg(p: PluginArg): boolean {
  return p.pluginArg.startsWith(REFERENCE_PREFIX);
}

/**
 * The file the plugin's process will load (resolved here, in the parent, so the permission grants can
 * name its package); undefined for a bundled reference, which is part of the kit's runtime.
 */
export function resolveForChild(p: PluginArg): ResolvedPlugin | undefined {
  if (isReferenceArg(p)) return undefined;
  const { entry: found, pkg } = resolvePluginEntry(p.pluginArg, p.cwd);
  return { pluginArg: p.pluginArg, source: p.source, entry: found, label: pkg?.name ? `${pkg.name}@${pkg.version ?? '?'}` : p.pluginArg, ...(pkg?.name ? { packageName: pkg.name } : {}) };
}

/**
 * Load a plugin the parent resolved (the isolated child cannot look around the file system to find
 * it: outside its grants even `existsSync` is refused). Same result as `loadPlugin`.
 */
export async function loadResolved(p: ResolvedPlugin, instance?: number): Promise<LoadedPlugin> {
  let mod: Record<string, unknown>;
  try {
    // `instance` imports a fresh copy of an ES module (its own module state), as a new process would.
    mod = (await import(pathToFileURL(p.entry).href + (instance === undefined ? '' : `?dsh-ctx-conform-instance=${instance}`))) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoadError(`cannot import ${p.entry}: ${(error as Error)?.message ?? String(error)}`);
  }
  return pluginFromModule(mod, p.pluginArg, p.label, p.source, p.packageName);
}

export async function loadPluginArg(p: PluginArg | ResolvedPlugin, revision: SpecRevision, instance?: number): Promise<LoadedPlugin> {
  if ('entry' in p) return loadResolved(p, instance);
  if (isReferenceArg(p)) {
    const source = p.pluginArg.slice(REFERENCE_PREFIX.length) as SourceName;
    if (!(SOURCES as readonly string[]).includes(source)) throw new Error(`unknown reference "${p.pluginArg}"`);
    const mod = await referenceModule(source, revision);
    return pluginFromModule(mod, p.pluginArg, `reference:${source}@${revision}`, source);
  }
  return loadPlugin(p.pluginArg, { source: p.source, cwd: p.cwd, instance });
}
