import { pluginFromModule, type LoadedPlugin } from '../../conformance/loader/load-plugin.js';
import { UPSTREAM_VERSIONS, upstreamPackage } from '../../conformance/upstream.js';
import { referenceModule } from '../../reference/index.js';
import type { BenchSource, Implementation } from './shapes.js';

/**
 * The two implementations of each source, loaded through the kit's own loader (`pluginFromModule`),
 * so config validation and instantiation go exactly the way `dsh-ctx-conform run` does them: the
 * bundled reference (spec 2026-08) and the published upstream package it must match.
 */

export interface LoadedImplementation {
  source: BenchSource;
  implementation: Implementation;
  /** Human label, e.g. `@deepseek-ai/dsh-time-context@0.1.0-rc.8`. */
  label: string;
  plugin: LoadedPlugin;
}

export async function loadImplementation(source: BenchSource, implementation: Implementation): Promise<LoadedImplementation> {
  if (implementation === 'reference') {
    const mod = await referenceModule(source, '2026-08');
    return { source, implementation, label: `reference/${source}`, plugin: pluginFromModule(mod, `reference:${source}`, `reference/${source}`, source) };
  }
  const pkg = upstreamPackage(source, '2026-08');
  if (pkg === undefined) throw new Error(`no upstream package for ${source}`);
  const mod = (await import(pkg)) as Record<string, unknown>;
  const label = `${pkg}@${UPSTREAM_VERSIONS[pkg] ?? '?'}`;
  return { source, implementation, label, plugin: pluginFromModule(mod, pkg, label, source) };
}
