import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SOURCES, type SourceName } from '../../spec/revisions.js';
import type { HostContext, PluginFactory } from '../host/index.js';

/**
 * Load a context-source plugin the way the DSH loader would: from a directory with package.json, a
 * file, or an installed package name; ESM or CommonJS; as a namespace module (`name`, `inject?`,
 * `Config`, `apply`) or a Service class (session-reference's default export). Config goes through the
 * plugin's own `Config` when it has one, so schema errors are load-time outcomes like in DSH.
 */

export type PluginShape = 'namespace' | 'service';

export interface LoadedPlugin {
  /** What the user typed (or `reference:<source>` for the bundled ones). */
  spec: string;
  /** A human label: package name@version when known. */
  label: string;
  source: SourceName;
  shape: PluginShape;
  factory: PluginFactory;
  /** Non-fatal load problems, e.g. a --source that contradicts the plugin's own name. */
  warnings?: string[];
}

export class PluginLoadError extends Error {
  override readonly name = 'PluginLoadError';
}

interface PackageJson {
  name?: string;
  version?: string;
  main?: string;
  module?: string;
  exports?: unknown;
}

function readPackageJson(dir: string): PackageJson | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch (error) {
    throw new PluginLoadError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

/** The `.` entry of a package's `exports` (import condition first), else `module`/`main`/index.js. */
function packageEntry(dir: string, pkg: PackageJson): string {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(pick).find((v) => v !== undefined);
    if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      for (const key of ['.', 'import', 'node', 'default', 'require']) {
        if (key in o) {
          const v = pick(o[key]);
          if (v !== undefined) return v;
        }
      }
    }
    return undefined;
  };
  const fromExports = pick(pkg.exports);
  const candidates = [fromExports, pkg.module, pkg.main, 'index.js', 'index.mjs', 'index.cjs'].filter((c): c is string => typeof c === 'string');
  for (const c of candidates) {
    const file = resolve(dir, c);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  throw new PluginLoadError(`${dir}: package.json names no entry file that exists (tried ${candidates.join(', ')})`);
}

/** Find an installed package by walking up `node_modules` from `from`. */
function findInstalledPackage(name: string, from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function resolvePluginEntry(spec: string, cwd = process.cwd()): { entry: string; pkg?: PackageJson } {
  // `dist/plugin.js` or `my-plugin/` without a leading `./` is still a path when it exists here; only
  // otherwise is it looked up as an installed package name.
  const looksLikePath = spec.startsWith('.') || isAbsolute(spec) || spec.includes('\\') || existsSync(resolve(cwd, spec));
  const target = looksLikePath ? resolve(cwd, spec) : findInstalledPackage(spec, cwd);
  if (target === undefined) throw new PluginLoadError(`cannot find plugin "${spec}": not a path and not an installed package (looked in node_modules above ${cwd})`);
  if (!existsSync(target)) throw new PluginLoadError(`cannot find plugin "${spec}": ${target} does not exist`);
  if (statSync(target).isDirectory()) {
    const pkg = readPackageJson(target);
    if (pkg === undefined) {
      for (const f of ['index.js', 'index.mjs', 'index.cjs']) if (existsSync(join(target, f))) return { entry: join(target, f) };
      throw new PluginLoadError(`${target}: a plugin directory needs a package.json (or an index.js)`);
    }
    return { entry: packageEntry(target, pkg), pkg };
  }
  return { entry: target };
}

type AnyModule = Record<string, any>;

/** A --source that contradicts what the plugin says it is gets judged as asked, with a warning. */
function contradiction(label: string, own: SourceName | undefined, override: SourceName | undefined): string[] {
  if (!override || !own || own === override) return [];
  return [`${label} names itself "${own}" but --source says "${override}"; judging it as ${override}`];
}

function isClass(value: unknown): value is new (...args: any[]) => unknown {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
}

/**
 * Whether `value` has a plugin `apply` of its own. `Function.prototype.apply` does not count: a
 * module namespace seen through vitest's interop proxy falls back to `default`'s members, so a
 * default-exported Service class would otherwise look like a namespace.
 */
function hasPluginApply(value: AnyModule): boolean {
  return typeof value.apply === 'function' && value.apply !== Function.prototype.apply;
}

/** A CommonJS module imported from ESM arrives as `{default: module.exports, ...}`: unwrap it. */
function unwrapNamespace(mod: AnyModule): AnyModule {
  if (hasPluginApply(mod)) return mod;
  const d = mod.default;
  if (d && typeof d === 'object' && hasPluginApply(d)) return d;
  return mod;
}

function detectSource(name: unknown, cls: unknown, override?: SourceName): SourceName | undefined {
  if (override) return override;
  return ownSource(name, cls);
}

/** The source a plugin names itself (its `name`, or a known Service class name). */
function ownSource(name: unknown, cls: unknown): SourceName | undefined {
  if (typeof name === 'string' && (SOURCES as readonly string[]).includes(name)) return name as SourceName;
  const clsName = typeof cls === 'function' ? (cls as { name?: string }).name : undefined;
  if (clsName === 'SessionReferenceResolver' || clsName === 'SessionReferenceService') return 'session-reference';
  return undefined;
}

/** Run `config` through the plugin's own `Config` (schemastery is callable; zod has `.parse`). */
export function applyConfigSchema(Config: unknown, config: unknown): unknown {
  if (typeof Config === 'function') return (Config as (c: unknown) => unknown)(config);
  if (Config && typeof (Config as { parse?: unknown }).parse === 'function') return (Config as { parse(c: unknown): unknown }).parse(config);
  return config;
}

/** Build a loaded plugin from an imported module object. */
export function pluginFromModule(mod: AnyModule, spec: string, label: string, override?: SourceName): LoadedPlugin {
  const ns = unwrapNamespace(mod);
  if (hasPluginApply(ns)) {
    const source = detectSource(ns.name, undefined, override);
    if (!source) throw new PluginLoadError(`${label}: cannot tell which source this plugin implements (name ${JSON.stringify(ns.name)}); pass --source ${SOURCES.join('|')}`);
    return {
      spec,
      label,
      source,
      shape: 'namespace',
      warnings: contradiction(label, ownSource(ns.name, undefined), override),
      factory: {
        instantiate(ctx: HostContext, config: unknown) {
          const resolved = applyConfigSchema(ns.Config, config ?? {});
          return ns.apply(ctx, resolved);
        },
      },
    };
  }
  const cls = isClass(mod.default) ? mod.default : Object.values(mod).find(isClass);
  if (cls) {
    const source = detectSource(undefined, cls, override);
    if (!source) throw new PluginLoadError(`${label}: cannot tell which source the Service class ${(cls as { name?: string }).name} implements; pass --source`);
    return {
      spec,
      label,
      source,
      shape: 'service',
      warnings: contradiction(label, ownSource(undefined, cls), override),
      factory: {
        instantiate(ctx: HostContext, config: unknown) {
          const resolved = applyConfigSchema((cls as unknown as { Config?: unknown }).Config, config ?? {});
          return new cls(ctx, resolved);
        },
      },
    };
  }
  throw new PluginLoadError(`${label}: neither a plugin namespace (name/Config/apply) nor a Service class default export; exports: ${Object.keys(mod).join(', ') || '(none)'}`);
}

export async function loadPlugin(spec: string, options: { source?: SourceName; cwd?: string } = {}): Promise<LoadedPlugin> {
  const { entry, pkg } = resolvePluginEntry(spec, options.cwd);
  let mod: AnyModule;
  try {
    mod = (await import(pathToFileURL(entry).href)) as AnyModule;
  } catch (error) {
    throw new PluginLoadError(`cannot import ${entry}: ${(error as Error)?.message ?? String(error)}`);
  }
  const label = pkg?.name ? `${pkg.name}@${pkg.version ?? '?'}` : spec;
  return pluginFromModule(mod, spec, label, options.source);
}
