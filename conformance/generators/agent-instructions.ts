import type { ScenarioDraft } from '../scenario/draft.js';
import { discovery } from './agent-instructions/discovery.js';
import { dynamic } from './agent-instructions/dynamic.js';
import { injection } from './agent-instructions/injection.js';
import { edgeCases } from './agent-instructions/edge-cases.js';
import { inbox } from './agent-instructions/inbox.js';
import { library } from './agent-instructions/library.js';
import { rendering } from './agent-instructions/rendering.js';
import { touches } from './agent-instructions/touches.js';

/**
 * agent-instructions conformance scenarios and validator log fixtures.
 *
 * The upstream test list (research upstream-sources §3.7) as scenarios, one module per group under
 * ./agent-instructions/ (discovery, rendering and budget, injection, dynamic) sharing ./dsl.ts, plus
 * the §5 probes. Each scenario runs against a workspace (`env.workspace`,
 * conformance/host/services/fs.ts) that the suite builds either in memory or in a real temporary
 * directory; both must give the same log.
 *
 * Expectations are computed by the reference and cross-checked against the published rc.8 package;
 * `check` pins the author's intent (texts, changes, order) so a reference bug cannot become the spec.
 */
export async function scenarios(): Promise<ScenarioDraft[]> {
  return [...discovery(), ...rendering(), ...injection(), ...dynamic(), ...(await edgeCases()), ...touches(), ...inbox(), ...library()];
}

export { logFixtures } from './agent-instructions/log-fixtures.js';
