import type { ScenarioDraft } from '../../scenario/draft.js';
import { enter, expectThat, failure, loaded, mention, preStep, prompt, scenario, simple, otherSession } from './dsl.js';

/** Failure containment: read failures, cancellation, recovery. */
export function failures(): ScenarioDraft[] {
  return [
    // ---- failure containment ----
    scenario({
      category: 'failure-containment',
      title: 'A missing source session fails the turn before step/start',
      rules: [],
      sessions: [simple('one')],
      actions: [prompt(`${mention('one')} ${mention('missing')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: session "missing" not found')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'A throwing read fails the turn with its message',
      rules: [],
      sessions: [otherSession('broken', [{ user: 'x' }], { read: { kind: 'throw', message: 'disk I/O error' } })],
      actions: [prompt(`${mention('broken')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: disk I/O error')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'A non-Error rejection of a read is reported by its string form',
      rules: [],
      sessions: [otherSession('odd', [{ user: 'x' }], { read: { kind: 'reject', value: 'non-error read failure' } })],
      actions: [prompt(`${mention('odd')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: non-error read failure')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'One failing message fails the whole batch: no context for the other message either',
      rules: [],
      sessions: [simple('fine')],
      actions: [prompt(`steer ${mention('fine')}`, 'next-step'), prompt(`and ${mention('gone')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: session "gone" not found')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'A read that never answers is cancelled when the turn is aborted',
      rules: [],
      sessions: [otherSession('slow', [{ user: 'x' }], { read: { kind: 'hang' } })],
      actions: [prompt(`${mention('slow')}`), preStep({ abortWhenStalled: true })],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_CANCELLED', 'session reference preparation was cancelled')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'An already aborted turn is cancelled before any read',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt(`${mention('source')}`), preStep({ abortBefore: true })],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_CANCELLED', 'session reference preparation was cancelled')],
      check: (actual) => expectThat(JSON.stringify(actual.observations.sessions) === JSON.stringify({ calls: [] }), 'no read after abort'),
    }),
    scenario({
      category: 'failure-containment',
      title: 'A downstream listener aborting the step cancels preparation',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt(`${mention('source')}`), preStep({ downstream: { kind: 'abort' } })],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_CANCELLED', 'session reference preparation was cancelled')],
    }),
    scenario({
      category: 'failure-containment',
      title: 'After a failed turn the next turn works normally',
      rules: ['SR-POS-1'],
      sessions: [simple('source')],
      actions: [prompt(`${mention('nope')}`), preStep(), prompt(`${mention('source')}`), preStep()],
      outcomes: [loaded, failure(1, 'SESSION_REFERENCE_READ_FAILED', 'failed to read referenced session: session "nope" not found'), enter(2, 2)],
    }),

  ];
}
