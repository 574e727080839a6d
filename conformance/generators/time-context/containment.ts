import type { Spec } from './dsl.js';
import { clock, loaded, preStep, prompt, readingsMatch, turn } from './dsl.js';

/** time-context scenarios: containment (tests 10, 15, probes). */
export function containment(): Spec[] {
  return [
    {
      category: 'failure-containment',
      title: 'a downstream reject passes through: nothing recorded, the turn ends blocked',
      rules: ['TC-POS-2'],
      revisions: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'reject' })],
      expectOutcomes: [loaded, { kind: 'reject', turn: 1, step: 1 }],
    },
    {
      category: 'failure-containment',
      title: 'a downstream listener that throws leaves no reading (the plugin delegates first)',
      rules: ['TC-POS-2'],
      revisions: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'throw', message: 'downstream failed' })],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'downstream failed' } }],
    },
    {
      category: 'failure-containment',
      title: 'a downstream listener that cancels the step leaves no reading',
      rules: ['TC-POS-2'],
      revisions: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'abort' })],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'aborted by a downstream listener' } }],
    },
    {
      category: 'failure-containment',
      title: 'an already-aborted prompt submission is skipped',
      rules: ['TC-POS-2'],
      revisions: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep(undefined, true)],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'prompt submission aborted' } }],
    },
    {
      category: 'failure-containment',
      title: 'after a rejected and a failed turn, the next turn\'s reading measures from the last durable message',
      rules: ['TC-ELAPSED-1', 'TC-SRC-1', 'TC-SRC-2', 'TC-CONTENT-1'],
      actions: [...turn('one'), clock(3_000), prompt('two'), preStep({ kind: 'reject' }), clock(4_000), prompt('three'), preStep({ kind: 'throw', message: 'x' }), clock(5_000), prompt('four'), preStep()],
      check: readingsMatch(/unavailable\.$/, /turn 4, step 1: .*\n.*\nElapsed since the preceding model-visible message: 12s\.$/),
    },
  ];
}
