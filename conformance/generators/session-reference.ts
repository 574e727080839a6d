import type { LogDraft, ScenarioDraft } from '../scenario/draft.js';
import { budget } from './session-reference/budget.js';
import { config } from './session-reference/config.js';
import { failures } from './session-reference/failures.js';
import { sessionReferenceLogDrafts } from './session-reference/log-fixtures.js';
import { parsing } from './session-reference/parsing.js';
import { projection } from './session-reference/projection.js';
import { surface } from './session-reference/surface.js';

export { nonCanonicalAlias } from './session-reference/dsl.js';

/**
 * session-reference scenarios (spec/session-reference.md): every case of upstream's own test file
 * that goes through the pre-step, plus self-reference, caps, read failures, cancellation, budgets,
 * hostile text, compaction and replay independence; one module per group under ./session-reference/
 * sharing ./dsl.ts. Outcomes are pinned by hand (`expectOutcomes`); the exact logs come from the
 * reference and are cross-checked against the published package.
 */
export function scenarios(): ScenarioDraft[] {
  return [...parsing(), ...budget(), ...failures(), ...projection(), ...config(), ...surface()];
}

export async function logFixtures(): Promise<LogDraft[]> {
  return sessionReferenceLogDrafts();
}
