import { referenceModule } from '../../../reference/index.js';
import { pluginFromModule } from '../../loader/load-plugin.js';
import type { ScenarioDraft } from '../../scenario/draft.js';
import { executeScenario } from '../../scenario/execute.js';
import { deterministicUuids } from '../../scenario/normalise.js';
import type { LogEvent } from '../../scenario/schema.js';
import type { z } from 'zod';

/**
 * A non-empty initial log for a scenario: the durable log an earlier process left behind, recorded by
 * running the reference over a prelude in the same world, with its ids made deterministic (so the
 * fixture's content, and its id, are stable). Scenarios that start from it exercise what a fresh
 * plugin instance must conclude from history alone.
 */
export async function recordedHistory(world: Pick<ScenarioDraft, 'config' | 'env'>, prelude: ScenarioDraft['actions']): Promise<Array<z.input<typeof LogEvent>>> {
  const reference = pluginFromModule(await referenceModule('agent-instructions', '2026-08'), 'reference', 'reference', 'agent-instructions');
  const actual = await executeScenario(reference.factory, { config: world.config, env: world.env as never, log: [], actions: prelude as never });
  return deterministicUuids(actual.rawLog) as Array<z.input<typeof LogEvent>>;
}
