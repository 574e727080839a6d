import type { Action } from '../scenario/schema.js';
import { comparableDecision, describeDecision, sameJson, withoutSources } from './decision.js';
import type { ScenarioInputs, TracedActual } from './executor.js';
import { finding, type ContributorFinding } from './findings.js';

/**
 * Restart-equivalence (CTX-REPLAY-*): for every pre-step of a session, the same session with a
 * restart (a fresh module copy, a new instance over the same durable log) inserted just before that
 * pre-step, cut after it. The fresh instance's decision there must equal the living instance's.
 */

export interface ReplayPoint {
  /** Index of the pre-step action in the session. */
  action: number;
  inputs: ScenarioInputs;
}

/** One replay per pre-step that is not already preceded by a restart. */
export function replayPoints(inputs: ScenarioInputs): ReplayPoint[] {
  const points: ReplayPoint[] = [];
  inputs.actions.forEach((a, i) => {
    if (a.do !== 'pre-step') return;
    if (i > 0 && inputs.actions[i - 1].do === 'restart') return;
    const restart: Action = { do: 'restart' };
    points.push({ action: i, inputs: { ...inputs, actions: [...inputs.actions.slice(0, i), restart, a] } });
  });
  return points;
}

/** Compare the living instance's decision at a pre-step with the fresh instance's. */
export function judgeReplay(lived: TracedActual, replayed: TracedActual): ContributorFinding[] {
  const fresh = replayed.trace.preSteps.at(-1);
  if (!fresh) return [];
  const living = lived.trace.preSteps.find((r) => r.turn === fresh.turn && r.step === fresh.step);
  if (!living) return [];
  const a = comparableDecision(living);
  const b = comparableDecision(fresh);
  if (sameJson(a, b)) return [];
  const where = { turn: fresh.turn, step: fresh.step };
  if (sameJson(withoutSources(a), withoutSources(b))) {
    return [finding('CTX-SOURCE-5', `after a restart at turn ${fresh.turn}, step ${fresh.step} the plugin made the same decision with a different source than the instance that lived through the session`, where)];
  }
  const compacted = replayed.rawLog.some((e) => e.type === 'compaction/start');
  const rule = compacted ? 'CTX-REPLAY-2' : 'CTX-REPLAY-1';
  return [
    finding(
      rule,
      `after a restart at turn ${fresh.turn}, step ${fresh.step}${compacted ? ' (the log holds a compaction)' : ''} the plugin ${describeDecision(fresh)}; the instance that lived through the session ${describeDecision(living)}`,
      where,
    ),
  ];
}
