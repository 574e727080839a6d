import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SourceName } from '../../spec/revisions.js';
import { PluginLoadError, pluginFromModule, type LoadedPlugin } from './from-module.js';

/**
 * Load a plugin the way DSH does: find it (a directory with package.json, a file, or an installed
 * package name), import it (ESM or CommonJS), then apply DSH's rules (`dsh-rules.ts`) through
 * `pluginFromModule`. Only the plugin's own package and the node_modules it resolves from are read.
 */

export { PluginLoadError, pluginFromModule };
export type { LoadedPlugin, PluginShape, PluginSource } from './from-module.js';
import type { PluginSource } from './from-module.js';

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

export function resolvePluginEntry(pluginArg: string, cwd = process.cwd()): { entry: string; pkg?: PackageJson } {
  // `dist/plugin.js` or `my-plugin/` without a leading `./` is still a path when it exists here; only
  // otherwise is it looked up as an installed package name.
  const looksLikePath = pluginArg.startsWith('.') || isAbsolute(pluginArg) || pluginArg.includes('\\') || existsSync(resolve(cwd, pluginArg));
  const target = looksLikePath ? resolve(cwd, pluginArg) : findInstalledPackage(pluginArg, cwd);
  if (target === undefined) throw new PluginLoadError(`cannot find plugin "${pluginArg}": not a path and not an installed package (looked in node_modules above ${cwd})`);
  if (!existsSync(target)) throw new PluginLoadError(`cannot find plugin "${pluginArg}": ${target} does not exist`);
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

export interface LoadOptions {
  source?: PluginSource;
  cwd?: string;
  /** Import a fresh copy of an ES module (its own module state), as a new process would. */
  instance?: number;
}

export async function loadPlugin(pluginArg: string, options: LoadOptions & { source: SourceName }): Promise<LoadedPlugin<SourceName>>;
export async function loadPlugin(pluginArg: string, options?: LoadOptions): Promise<LoadedPlugin>;
export async function loadPlugin(pluginArg: string, options: LoadOptions = {}): Promise<LoadedPlugin> {
  const { entry, pkg } = resolvePluginEntry(pluginArg, options.cwd);
  let mod: Record<string, unknown>;
  try {
    const url = pathToFileURL(entry).href + (options.instance === undefined ? '' : `?dsh-ctx-conform-instance=${options.instance}`);
    mod = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoadError(`cannot import ${entry}: ${(error as Error)?.message ?? String(error)}`);
  }
  const label = pkg?.name ? `${pkg.name}@${pkg.version ?? '?'}` : pluginArg;
  return pluginFromModule(mod, pluginArg, label, options.source, pkg?.name);
}
