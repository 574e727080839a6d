import { materialiseScenario, type UpstreamCheck } from '../../scenario/materialise.js';
import type { ScenarioFixture } from '../../scenario/schema.js';
import { scenarios } from '../session-reference.js';

/** The session-reference scenarios as fixtures (expectations from the reference, upstream-checked). */
export async function generatedFixtures(checks: UpstreamCheck[] = []): Promise<ScenarioFixture[]> {
  const out: ScenarioFixture[] = [];
  for (const draft of scenarios()) out.push(await materialiseScenario(draft, checks));
  return out;
}
