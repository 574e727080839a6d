import { Config as SchemasteryConfig } from '@deepseek-ai/dsh-time-context';
import * as v from 'valibot';
import { z } from 'zod';

/**
 * A corpus of plugin shapes, as the module objects `import()` yields for them (an ES module's
 * namespace; a CommonJS module as `{default: module.exports, ...named}`; a tsc/esbuild build marked
 * `__esModule`), for the differential test against the real cordis registry. Each plugin reports what it
 * received into `seen`, so the test can compare what DSH and the kit passed it.
 */

export interface Seen {
  calls: Array<{ config: unknown; constructed: boolean }>;
}

export interface Shape {
  name: string;
  /** The module object as imported. */
  module: (seen: Seen) => Record<string, unknown>;
  /** Raw configs to try (each loaded separately). */
  configs?: unknown[];
}

const ZodConfig = z.object({ refreshIntervalMs: z.number().int().min(0).optional(), label: z.string().default('x') });
const ValibotConfig = v.object({ refreshIntervalMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), label: v.optional(v.string(), 'x') });
/** A Config that validates by itself and words its own errors. */
const OwnConfig = {
  '~standard': {
    version: 1,
    vendor: 'hand-written',
    validate(value: unknown) {
      const input = (value ?? {}) as Record<string, unknown>;
      if (typeof input !== 'object') return { issues: [{ message: 'config must be an object' }] };
      const ms = input.refreshIntervalMs;
      if (ms !== undefined && (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0)) return { issues: [{ message: 'refreshIntervalMs: a whole number of milliseconds, please', path: ['refreshIntervalMs'] }] };
      return { value: { refreshIntervalMs: ms ?? 0 } };
    },
  },
};

const CONFIGS = [undefined, {}, { refreshIntervalMs: 5 }, { refreshIntervalMs: -1 }, { refreshIntervalMs: '5' }, null];

function record(seen: Seen, config: unknown, constructed: boolean): void {
  seen.calls.push({ config: structuredClone(config), constructed });
}

/** Namespace members of a plugin whose `apply` is a method (not constructible) and a Config. */
function namespace(seen: Seen, Config?: unknown): Record<string, unknown> {
  return {
    name: 'shape-plugin',
    ...(Config === undefined ? {} : { Config }),
    apply(_ctx: unknown, config: unknown) {
      record(seen, config, false);
    },
  };
}

export const SHAPES: Shape[] = [
  { name: 'ESM namespace, apply method, no Config', module: (seen) => namespace(seen), configs: [undefined, { a: 1 }] },
  { name: 'ESM namespace, schemastery Config (the published packages)', module: (seen) => namespace(seen, SchemasteryConfig), configs: [undefined, {}, { refreshIntervalMs: 5 }, { refreshIntervalMs: '5' }, 7] },
  { name: 'ESM namespace, zod 4 Config', module: (seen) => namespace(seen, ZodConfig), configs: CONFIGS },
  { name: 'ESM namespace, valibot Config', module: (seen) => namespace(seen, ValibotConfig), configs: CONFIGS },
  { name: 'ESM namespace, hand-written Standard Schema Config', module: (seen) => namespace(seen, OwnConfig), configs: CONFIGS },
  {
    name: 'ESM namespace, bare function Config (no ~standard)',
    module: (seen) => namespace(seen, (c: unknown) => c),
    configs: [undefined, {}],
  },
  {
    name: 'ESM namespace, async Standard Schema',
    module: (seen) => namespace(seen, { '~standard': { version: 1, vendor: 'async', validate: async (value: unknown) => ({ value }) } }),
    configs: [{}],
  },
  { name: 'ESM namespace, falsy Config', module: (seen) => namespace(seen, null), configs: [{ a: 1 }] },
  {
    name: 'ESM namespace, `export function apply` (constructible)',
    module: (seen) => ({
      name: 'shape-plugin',
      apply: function apply(this: unknown, _ctx: unknown, config: unknown) {
        record(seen, config, new.target !== undefined);
      },
    }),
  },
  { name: 'ESM default export object', module: (seen) => ({ default: namespace(seen, ZodConfig) }), configs: [{}, { refreshIntervalMs: 'no' }] },
  {
    name: 'CommonJS module.exports object, imported from ESM',
    module: (seen) => {
      const exports = namespace(seen, OwnConfig);
      return { default: exports, ...exports };
    },
  },
  {
    name: 'tsc CommonJS build of named exports (__esModule, no default)',
    module: (seen) => {
      const exports = { __esModule: true, ...namespace(seen, ValibotConfig) };
      return { default: exports, ...exports };
    },
  },
  {
    name: 'tsc CommonJS build of a default class (__esModule + default)',
    module: (seen) => {
      class Service {
        static Config = ZodConfig;
        constructor(_ctx: unknown, config: unknown) {
          record(seen, config, new.target !== undefined);
        }
      }
      const exports = { __esModule: true, default: Service, ServiceError: class extends Error {} };
      return { default: exports, __esModule: true, ServiceError: exports.ServiceError };
    },
    configs: [{}, { refreshIntervalMs: 1.5 }],
  },
  {
    name: 'default Service class with extra exports (an Error class first)',
    module: (seen) => {
      class SessionReferenceError extends Error {}
      class SessionReferenceResolver {
        static inject = ['sessionQuery'];
        constructor(_ctx: unknown, config: unknown) {
          record(seen, config, true);
        }
      }
      return { SessionReferenceError, SessionReferenceResolver, default: SessionReferenceResolver };
    },
  },
  {
    name: 'default plain constructor function',
    module: (seen) => {
      function Service(this: unknown, _ctx: unknown, config: unknown) {
        record(seen, config, new.target !== undefined);
      }
      Object.assign(Service, { Config: OwnConfig });
      return { default: Service };
    },
    configs: [{}, { refreshIntervalMs: -3 }],
  },
  { name: 'default arrow function (called, not constructed)', module: (seen) => ({ default: (_ctx: unknown, config: unknown) => record(seen, config, false) }) },
  {
    name: 'default generator function (its body runs)',
    module: (seen) => ({
      default: function* (_ctx: unknown, config: unknown) {
        record(seen, config, false);
        yield () => {};
      },
    }),
  },
  { name: 'apply returning a non-effect object', module: () => ({ name: 'x', apply: () => ({ not: 'an effect' }) }) },
  { name: 'named Service class only, no default', module: () => ({ SessionReferenceResolver: class {}, SessionReferenceError: class extends Error {} }) },
  { name: 'exports with neither default nor apply', module: () => ({ name: 'x', helper: () => 1 }) },
  { name: 'default export is a number', module: () => ({ default: 42 }) },
  { name: 'nullish default falls back to the namespace', module: (seen) => ({ default: undefined, ...namespace(seen) }) },
  { name: '`apply` is not a function', module: () => ({ name: 'x', apply: 'later' }) },
  {
    name: 'inject of an offered service (array)',
    module: (seen) => ({ ...namespace(seen), inject: ['shell'] }),
  },
  {
    name: 'inject of an offered service (object form)',
    module: (seen) => ({ ...namespace(seen), inject: { shell: null } }),
  },
  {
    name: 'inject of a service nobody offers',
    module: (seen) => ({ ...namespace(seen), inject: ['bash'] }),
  },
];
