import type { RuleMeta, RuleModule } from './engine.js';

/**
 * Rule ids the engine itself reports: a rule module that threw while judging an event (contained, so
 * checking goes on with the next event), and a log the checker could not finish (a worker that ran
 * out of its memory budget or died). Both are `error`: the verdict for that log is incomplete, which a
 * clean exit code must never hide.
 */
const doc = 'spec/log.md';

export const engineRules = {
  'LOG-CHECK-1': {
    severity: 'error',
    title: 'Every rule can judge every event',
    must: 'Every rule module MUST judge every event without failing; an event that makes a rule fail is reported at its line and seq, and checking MUST continue with the next event.',
    doc,
  },
  'LOG-CHECK-2': {
    severity: 'error',
    title: 'Every log is checked to its end',
    must: 'The checker MUST finish every log within its memory budget; a log it cannot finish is reported, and the other logs of the run MUST still be checked.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type EngineRuleId = keyof typeof engineRules;

/** The engine's rule ids as a rule module, so reporters, SARIF and the spec test see one registry. */
export const engineModule: RuleModule = {
  name: 'core/engine',
  source: 'log',
  rules: engineRules,
  create: () => ({}),
};
