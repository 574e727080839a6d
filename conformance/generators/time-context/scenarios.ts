import type { ScenarioDraft } from '../../scenario/draft.js';
import { BASE, draft, readingTexts, resetIds } from './dsl.js';
import { formatAndBaselines } from './format.js';
import { browserZones } from './zones.js';
import { scheduling } from './scheduling.js';
import { containment } from './containment.js';
import { configAndLoadErrors } from './config.js';
import { revision2026_07 } from './revision-2026-07.js';

/**
 * time-context scenarios: every upstream test case (research upstream-sources §1.6) and conformance
 * probe (§5) that a simulated host can express, plus compaction, restart, clock regression, interval
 * boundaries, zones, containment and config. Expectations come from the reference and are
 * cross-checked against the published packages by the generator; `check` pins the facts each
 * scenario is about (exact texts from the research), so a reference bug cannot become the spec.
 */

export { BASE, readingTexts };

export function timeContextScenarios(): ScenarioDraft[] {
  resetIds();
  // Category by category, in the order the suite has always been generated (message ids are counted).
  return [...formatAndBaselines(), ...browserZones(), ...scheduling(), ...containment(), ...configAndLoadErrors(), ...revision2026_07()].map(draft);
}
