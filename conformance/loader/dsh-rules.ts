/**
 * DSH's plugin-loading rules (cordis 4 with its plugin loader), reproduced so the kit loads exactly
 * what DSH loads and refuses exactly what DSH refuses. `dsh-rules.test.ts` proves each rule against
 * the real `@deepseek-ai/cordis` registry with a corpus of plugin shapes; research/contributors.md §3
 * has the measurements. Nothing here is copied: the rules are restated from observed behaviour.
 *
 * 1. Unwrapping. The loader imports the module and takes `default` when it is not nullish; when the
 *    result is marked `__esModule` (a CommonJS build of an ES module: tsc, esbuild, babel) it takes that
 *    one's `default` again, when present. No other export is ever considered: a module whose plugin is
 *    a named class export is not a plugin to DSH.
 * 2. Shape. A function (class or plain function) is the plugin itself; an object with an `apply`
 *    function is a namespace plugin whose callback is `apply`. Anything else is refused.
 * 3. Calling. A callback that can be constructed (it has a `prototype` and is not a generator) is
 *    called as `new callback(ctx, config)`, otherwise as `callback(ctx, config)` — so a namespace's
 *    `export function apply` is constructed too, and its return value is not kept.
 * 4. Config. When the plugin has a truthy `Config`, the raw config goes through the Standard Schema
 *    interface `Config['~standard'].validate(config)`: a thenable result is refused (no async
 *    validation), issues become one `ValidationError` (`invalid config:` then one `  - message (at
 *    path)` line per issue), otherwise the plugin receives `result.value`. A `Config` without
 *    `~standard` fails reading `validate` of undefined.
 * 5. Inject. `inject` (an array of names, or an object whose keys are names) lists services the plugin
 *    waits for: until every one is offered the plugin is not started at all (no error).
 */

export type PluginCallback = (...args: unknown[]) => unknown;

/** The plugin value DSH's loader takes from an imported module. */
export function unwrapExports(exports: unknown): unknown {
  if (exports === null || exports === undefined) return exports;
  const outer = (exports as { default?: unknown }).default ?? exports;
  if (outer === null || outer === undefined || !(outer as { __esModule?: unknown }).__esModule) return outer;
  return (outer as { default?: unknown }).default ?? outer;
}

/** The callback cordis registers for a plugin value, or undefined when cordis refuses the value. */
export function pluginCallback(plugin: unknown): PluginCallback | undefined {
  // Reading `apply` may run a getter that throws; cordis treats that as "not a plugin".
  try {
    if (typeof plugin === 'function') return plugin as PluginCallback;
    if (plugin && typeof plugin === 'object' && typeof (plugin as { apply?: unknown }).apply === 'function') return (plugin as { apply: PluginCallback }).apply;
  } catch {
    return undefined;
  }
  return undefined;
}

/** DSH's refusal text for a value that is no plugin (`typeof` of the value, as cordis words it). */
export function invalidPluginReason(plugin: unknown): string {
  return `invalid plugin, expect function or object with an "apply" method, received ${typeof plugin}`;
}

const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor as typeof Function;
const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor as typeof Function;

/** Whether cordis calls this callback with `new`: it has a prototype and is not a generator function. */
export function isConstructor(fn: unknown): boolean {
  if (typeof fn !== 'function' || !fn.prototype) return false;
  const value: object = fn;
  return !(value instanceof GeneratorFunction) && !(value instanceof AsyncGeneratorFunction);
}

/**
 * Call a plugin's callback the way a cordis fiber does, handing what it returns to `keep`: a called
 * (not constructed) callback may return a disposer, or a generator that yields disposers (cordis runs
 * the generator's body, so the kit must too). A constructed one's result is the instance, not an effect.
 */
export function invokeCallback(callback: PluginCallback, ctx: unknown, config: unknown, keep: (dispose: () => unknown) => void = () => {}): unknown {
  if (isConstructor(callback)) return new (callback as unknown as new (...args: unknown[]) => unknown)(ctx, config);
  const effect = callback(ctx, config);
  if (effect === null || effect === undefined) return effect;
  if (typeof effect === 'function') {
    keep(effect as () => unknown);
    return effect;
  }
  // cordis accepts a promise (awaited), a sync or async iterable of disposers, and nothing else.
  if (typeof effect !== 'object' || !('then' in effect || Symbol.iterator in effect || Symbol.asyncIterator in effect)) throw new TypeError('Invalid effect');
  if (!('then' in effect) && Symbol.iterator in effect) {
    for (const dispose of effect as Iterable<unknown>) {
      if (typeof dispose === 'function') keep(dispose as () => unknown);
      else if (dispose !== null && dispose !== undefined) throw new TypeError('Invalid effect');
    }
  }
  return effect;
}

export interface StandardIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

/** The error DSH throws for config that fails validation: a TypeError named `ValidationError`. */
export class ValidationError extends TypeError {
  override name = 'ValidationError';
  constructor(readonly issues: readonly StandardIssue[]) {
    // cordis joins path items as they are (a PathSegment object shows as [object Object]).
    super(`invalid config:\n${issues.map((issue) => (issue.path ? `  - ${issue.message} (at ${issue.path.join('.')})` : `  - ${issue.message}`)).join('\n')}`);
  }
}

/**
 * Validate `config` through the plugin's `Config` as DSH does; returns what the plugin receives.
 * A falsy `Config` passes the config through unchanged.
 */
export function resolveConfig(Config: unknown, config: unknown): unknown {
  if (!Config) return config;
  // Deliberately the same property reads as DSH: a Config with no `~standard` throws the same TypeError.
  const standard = (Config as Record<string, { validate(value: unknown): unknown }>)['~standard'];
  const result = standard.validate(config) as { value?: unknown; issues?: readonly StandardIssue[] } | PromiseLike<unknown>;
  if (result && typeof result === 'object' && 'then' in result) throw new TypeError('Async config validation is not supported');
  const r = result as { value?: unknown; issues?: readonly StandardIssue[] };
  if (r.issues) throw new ValidationError(r.issues);
  return r.value;
}

/** Why DSH cannot validate this plugin's config at all, or undefined when it can. */
export function configRefusal(Config: unknown): string | undefined {
  if (!Config) return undefined;
  let standard: unknown;
  try {
    standard = (Config as Record<string, unknown>)['~standard'];
  } catch (error) {
    return `reading Config['~standard'] throws: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (standard === null || standard === undefined) {
    const what = typeof Config === 'function' ? 'a function' : typeof Config;
    return `its Config is ${what} without the Standard Schema interface (Config['~standard'].validate); DSH (cordis 4) fails with "TypeError: Cannot read properties of ${standard === null ? 'null' : 'undefined'} (reading 'validate')"`;
  }
  if (typeof (standard as { validate?: unknown }).validate !== 'function') return `its Config['~standard'].validate is not a function; DSH (cordis 4) cannot validate config with it`;
  return undefined;
}

/** The service names an `inject` declaration waits for (array form or object form). */
export function injectNames(inject: unknown): string[] {
  if (!inject) return [];
  if (Array.isArray(inject)) return inject.map(String);
  if (typeof inject === 'object') return Object.keys(inject);
  return [];
}

/** The name cordis shows for a plugin: its `name`, except a bare `apply`. */
export function pluginDisplayName(plugin: unknown): string | undefined {
  const name = (plugin as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && name !== 'apply' && name !== '' ? name : undefined;
}
