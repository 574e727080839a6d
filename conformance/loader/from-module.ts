import type { SourceName } from '../../spec/revisions.js';
import type { HostContext, PluginFactory } from '../host/index.js';
import { configRefusal, injectNames, invalidPluginReason, invokeCallback, pluginCallback, pluginDisplayName, resolveConfig, unwrapExports } from './dsh-rules.js';
import { detectSource } from './detect-source.js';

/**
 * From an imported module to a plugin the host can instantiate, by DSH's rules (`dsh-rules.ts`):
 * unwrap the exports, refuse what cordis refuses (with cordis's reason), and build a factory that
 * waits for injected services, validates config through Standard Schema and calls the plugin as a
 * cordis fiber would.
 */

/** `contributor`: a plugin that is none of the four sources (the contributor-pattern suite judges it). */
export type PluginSource = SourceName | 'contributor';
/** `namespace`: an object with `apply`; `service`: a constructor (class or plain function). */
export type PluginShape = 'namespace' | 'service';

export interface LoadedPlugin<S extends PluginSource = PluginSource> {
  /** The plugin argument the user gave (or `reference:<source>` for the bundled ones). */
  pluginArg: string;
  /** A human label: package name@version when known. */
  label: string;
  source: S;
  shape: PluginShape;
  /** The plugin's declared name (a namespace's `name`, a constructor's name), when it has one. */
  name?: string;
  factory: PluginFactory;
  /** Things the user should know that do not stop the run (e.g. `--source` contradicting the plugin). */
  warnings: string[];
}

export class PluginLoadError extends Error {
  override readonly name = 'PluginLoadError';
}

/** Build a loaded plugin from an imported module object. Throws PluginLoadError where DSH refuses. */
export function pluginFromModule(mod: Record<string, unknown>, pluginArg: string, label: string, override: SourceName, packageName?: string): LoadedPlugin<SourceName>;
export function pluginFromModule(mod: Record<string, unknown>, pluginArg: string, label: string, override?: PluginSource, packageName?: string): LoadedPlugin;
export function pluginFromModule(mod: Record<string, unknown>, pluginArg: string, label: string, override?: PluginSource, packageName?: string): LoadedPlugin {
  const plugin = unwrapExports(mod) as Record<string, unknown> | undefined;
  const callback = pluginCallback(plugin);
  if (!callback) {
    const exports = mod && typeof mod === 'object' ? Object.keys(mod).join(', ') || '(none)' : typeof mod;
    throw new PluginLoadError(`${label}: DSH cannot load this module: ${invalidPluginReason(plugin)} (DSH takes the default export, or the module itself; exports: ${exports})`);
  }
  const refusal = configRefusal(plugin!.Config);
  if (refusal) throw new PluginLoadError(`${label}: DSH cannot load this plugin: ${refusal}`);
  const shape: PluginShape = typeof plugin === 'function' ? 'service' : 'namespace';
  const detected = detectSource({ declaredName: pluginDisplayName(plugin), packageName });
  const warnings: string[] = [];
  if (override && detected && detected !== override) {
    warnings.push(`--source ${override} contradicts the plugin, which declares itself ${detected}; judging it as ${override} as asked`);
  }
  const source: PluginSource = override ?? detected ?? 'contributor';
  const inject = injectNames(plugin!.inject);
  const factory: PluginFactory = {
    // The module's exports, for library-call actions on a plugin's documented helpers.
    exports: mod,
    instantiate(ctx: HostContext, config: unknown) {
      // DSH does not start a plugin until every injected service is there; say which one it waits for.
      const missing = inject.filter((name) => !ctx.offers(name));
      for (const name of missing) ctx.recordLookup(name, 'inject');
      if (missing.length > 0) return undefined;
      // A returned disposer runs when the plugin is unloaded (restart), as a cordis effect does.
      return invokeCallback(callback, ctx, resolveConfig(plugin!.Config, config), (dispose) => ctx.effect(() => dispose));
    },
  };
  const name = pluginDisplayName(plugin);
  return { pluginArg, label, source, shape, ...(typeof name === 'string' && name ? { name } : {}), factory, warnings };
}
