import type { ScenarioDraft } from '../../scenario/draft.js';
import { config } from './config.js';
import { failures } from './failures.js';
import { compactionAndRestart, priorReadings } from './history.js';
import { escaping, locationAndDiscovery } from './location.js';
import { ordering } from './ordering.js';
import { scheduling } from './scheduling.js';

/**
 * tmux-context scenarios: every upstream test case (research upstream-sources §2.4) is one scenario,
 * plus the probes that separate subtly wrong implementations (§5): compaction shadowing the previous
 * reading, restart, clock regression, the interval boundary, an inherited `$TMUX_PANE`.
 *
 * Expectations are computed by the reference and cross-checked against the published rc.8 package;
 * `expectOutcomes` and `check` pin the intent so a reference bug cannot become the spec.
 */
export function tmuxContextScenarios(): ScenarioDraft[] {
  // Category by category, in the order the suite has always been generated.
  return [...locationAndDiscovery(), ...scheduling(), ...priorReadings(), ...failures(), ...ordering(), ...compactionAndRestart(), ...escaping(), ...config()];
}
