import { referenceModule } from '../../reference/index.js';
import type { SpecRevision } from '../../spec/revisions.js';
import type { PluginFactory } from '../host/index.js';
import { loadPlugin, pluginFromModule, type LoadedPlugin } from '../loader/load-plugin.js';
import { REFERENCE_PREFIX, type PluginArg } from '../runner/plugin-arg.js';
import { executeScenario, type ScenarioActual } from '../scenario/execute.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { tracePlugin, type ExecutionTrace } from './trace.js';

/**
 * How the contributor suite runs a plugin. The suite only ever sends scenario inputs and receives raw
 * observations, so it is written against an injected executor: in-process here (tests, and the CLI
 * until the isolated runner's `IsolatedPlugin.execute` is wired in), a child process there.
 */
export type ScenarioInputs = Pick<ScenarioFixture, 'config' | 'env' | 'log' | 'actions'>;

/** What one run shows: the scenario's actual behaviour plus the pre-step trace (trace.ts). */
export interface TracedActual extends ScenarioActual {
  trace: ExecutionTrace;
}

export type ScenarioExecutor = (inputs: ScenarioInputs) => Promise<TracedActual | { error: string }>;

/**
 * Gives a plugin factory built from a fresh copy of the plugin's module (`copy` is unique per call).
 * A restart in the simulated host is a process restart, so each instance must have its own module
 * state: otherwise a module-level `Set` would survive the "restart" and hide the bug it causes.
 */
export type CopyLoader = (copy: number) => Promise<PluginFactory>;

let nextCopy = 1;

/** Run one scenario with a fresh module copy for the load and for every restart, under the trace. */
export async function executeTraced(load: CopyLoader, inputs: ScenarioInputs): Promise<TracedActual> {
  const instances = 1 + inputs.actions.filter((a) => a.do === 'restart').length;
  const copies: PluginFactory[] = [];
  for (let i = 0; i < instances; i++) copies.push(await load(nextCopy++));
  let used = 0;
  const { factory, trace } = tracePlugin(() => copies[Math.min(used++, copies.length - 1)]);
  const actual = await executeScenario(factory, inputs);
  return { ...actual, trace };
}

/** The in-process executor: the plugin runs in this process (the kit's own tests, the corpus). */
export function inProcessExecutor(load: CopyLoader): ScenarioExecutor {
  return async (inputs) => {
    try {
      return await executeTraced(load, inputs);
    } catch (error) {
      return { error: `the kit could not run this session: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}

/**
 * Fresh copies of a plugin named on the command line: an ES module file is imported again under a
 * new URL for each copy. A bundled reference (stateless by design) and a CommonJS module (Node caches
 * it by file name) come back as the same module every time; the isolated runner's fresh child per
 * instance covers those.
 */
export function copyLoaderFor(target: PluginArg, revision: SpecRevision): { first: () => Promise<LoadedPlugin>; load: CopyLoader } {
  if (target.pluginArg.startsWith(REFERENCE_PREFIX)) {
    const source = target.pluginArg.slice(REFERENCE_PREFIX.length) as Parameters<typeof referenceModule>[0];
    const once = (async () => pluginFromModule(await referenceModule(source, revision), target.pluginArg, `reference:${source}@${revision}`, source))();
    return { first: () => once, load: async () => (await once).factory };
  }
  const first = () => loadPlugin(target.pluginArg, { source: target.source, cwd: target.cwd });
  return { first, load: async (copy) => (await loadPlugin(target.pluginArg, { source: target.source, cwd: target.cwd, instance: copy })).factory };
}
