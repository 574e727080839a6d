import type { RuleMeta, RuleModule } from './engine.js';
import { defineMessages } from './message-templates.js';

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

const unfinished = (why: string): string => `the checker could not finish this log: ${why}; no verdict for it (the other logs were checked)`;

export const engineMessages = defineMessages({
  'LOG-CHECK-1': {
    /** `eventType` is the failing event's type as a message quotes it (null: the header, the end, or the module's start). */
    moduleFailed: (d: { module: string; hook: string; eventType: string | null; error: string }) => {
      const where = d.eventType !== null ? `event of type ${d.eventType}` : d.hook === 'onHeader' ? 'the header' : d.hook === 'onEnd' ? 'the end of the log' : 'this log';
      return `rule module ${d.module} failed in ${d.hook} on the ${where} (${d.error}); its rules did not judge it, checking continued with the next event`;
    },
  },
  'LOG-CHECK-2': {
    crashed: (d: { error: string }) => unfinished(`internal error ${d.error}`),
    outOfMemory: (d: { heapBudgetMb: number | null }) => unfinished(`it needed more than the ${d.heapBudgetMb ?? '?'} MB heap budget of a check worker`),
    workerFailed: (d: { error: string }) => unfinished(`worker failed (${d.error})`),
    workerExited: (d: { exitCode: number }) => unfinished(`worker exited with code ${d.exitCode}`),
  },
});

/** The engine's rule ids as a rule module, so reporters, SARIF and the spec test see one registry. */
export const engineModule: RuleModule = {
  name: 'core/engine',
  source: 'log',
  rules: engineRules,
  messages: engineMessages,
  create: () => ({}),
};
