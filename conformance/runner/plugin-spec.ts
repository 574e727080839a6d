import { pathToFileURL } from 'node:url';
import { PluginLoadError, pluginFromModule, loadPlugin, resolvePluginEntry, type LoadedPlugin, type PluginSource } from '../loader/load-plugin.js';
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

/** A user plugin resolved by the parent: the file to import and the label its package gives it. */
export interface ResolvedPlugin {
  spec: string;
  source?: PluginSource;
  entry: string;
  label: string;
  /** The package's name, which the loader uses to tell which source the plugin implements. */
  packageName?: string;
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
export function resolveForChild(p: PluginSpec): ResolvedPlugin | undefined {
  if (isReferenceSpec(p)) return undefined;
  const { entry: found, pkg } = resolvePluginEntry(p.spec, p.cwd);
  return { spec: p.spec, source: p.source, entry: found, label: pkg?.name ? `${pkg.name}@${pkg.version ?? '?'}` : p.spec, ...(pkg?.name ? { packageName: pkg.name } : {}) };
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
  return pluginFromModule(mod, p.spec, p.label, p.source, p.packageName);
}

export async function resolvePluginSpec(p: PluginSpec | ResolvedPlugin, revision: SpecRevision, instance?: number): Promise<LoadedPlugin> {
  if ('entry' in p) return loadResolved(p, instance);
  if (isReferenceSpec(p)) {
    const source = p.spec.slice(REFERENCE_PREFIX.length) as SourceName;
    if (!(SOURCES as readonly string[]).includes(source)) throw new Error(`unknown reference "${p.spec}"`);
    const mod = await referenceModule(source, revision);
    return pluginFromModule(mod, p.spec, `reference:${source}@${revision}`, source);
  }
  return loadPlugin(p.spec, { source: p.source, cwd: p.cwd, instance });
}
