import type { Spec } from './dsl.js';
import { UNAVAILABLE, assistant, clock, compact, enter, loaded, nextStep, preStep, prompt, reading, readingsAre, readingsMatch, request, restart, turn, turnEnd } from './dsl.js';

/** time-context scenarios: interval scheduling and clock regression (tests 7-9, probes). */
export function scheduling(): Spec[] {
  return [
    {
      category: 'interval-scheduling',
      title: 'interval boundary: one millisecond below the interval is suppressed, exactly the interval injects',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 300_000 },
      actions: [...turn('one'), clock(299_999), ...turn('two', 'b'), clock(1), prompt('three'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(2, 1, 1), enter(3, 1, 2)],
    },
    {
      category: 'interval-scheduling',
      title: 'a positive interval suppresses later steps of the same turn and applies across turns',
      rules: ['TC-SCHED-1', 'TC-SCHED-2'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), ...nextStep('a', 30_000), ...nextStep('b', 30_000), request, assistant('c'), turnEnd, clock(59_999), prompt('two'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(1, 2, 0), enter(1, 3, 1), enter(2, 1, 1)],
    },
    {
      category: 'clock-regression',
      title: 'a clock that went backwards injects despite the interval and clamps elapsed to 0s',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-1', 'TC-SAMPLE-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [clock(600_000), prompt('go'), preStep(), ...nextStep('a', -5_000)],
      check: readingsAre(
        reading(1, 1, '2026-07-14T00:10:00+00:00[UTC]', UNAVAILABLE, 'unavailable'),
        reading(1, 2, '2026-07-14T00:09:55+00:00[UTC]', UNAVAILABLE, '0s'),
      ),
    },
    {
      category: 'clock-regression',
      title: 'a preceding model-visible message in the future (clock regression) clamps the step-1 elapsed to 0s',
      rules: ['TC-ELAPSED-1'],
      actions: [...turn('one'), clock(-10_000), prompt('two'), preStep()],
      check: readingsMatch(/unavailable\.$/, /^Time sampled while preparing turn 2, step 1: 2026-07-13T23:59:50\+00:00\[UTC\]\n.*\nElapsed since the preceding model-visible message: 0s\.$/),
    },
    {
      category: 'compaction',
      title: 'a reading shadowed by compaction still suppresses the next attempt inside the interval',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [...turn('one'), compact(0), clock(30_000), prompt('two'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(2, 1, 1)],
    },
    {
      category: 'restart',
      title: 'after compaction and a restart, the shadowed reading still suppresses at +999 ms; +1000 ms injects with an unavailable step-context baseline',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-2'],
      config: { refreshIntervalMs: 1_000 },
      actions: [...turn('one'), compact(0), restart, clock(999), prompt('two'), preStep(), ...nextStep('b', 1)],
      expectOutcomes: [loaded, enter(1, 1, 2), loaded, enter(2, 1, 1), enter(2, 2, 1)],
      check: readingsMatch(/turn 1, step 1/, /turn 2, step 2: 2026-07-14T00:00:01\+00:00\[UTC\]\n.*\nElapsed since the preceding step context: unavailable\.$/),
    },
    {
      category: 'restart',
      title: 'a restart between readings keeps the schedule (read from the log, not from process memory)',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [...turn('one'), restart, clock(10_000), ...turn('two', 'b'), restart, clock(50_000), prompt('three'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), loaded, enter(2, 1, 1), loaded, enter(3, 1, 2)],
    },
    {
      category: 'restart',
      title: 'a restarted plugin registers one listener: one reading per step, elapsed measured across the restart',
      rules: ['TC-SCHED-2', 'TC-ELAPSED-1'],
      actions: [prompt('one'), preStep(), request, assistant('a', 1), restart, restart, clock(2_500), preStep()],
      check: readingsMatch(/step 1/, /step 2: .*\n.*\n.*step context: 2s\.$/),
    },
  ];
}
