import type { Spec } from './dsl.js';
import { clock, enter, loaded, nextStep, preStep, prompt, reading, readingsAre, readingsMatch, steer, turn } from './dsl.js';

/** time-context scenarios: 2026-07: the two-line reading (npm 0.0.1-rc.1). */
export function revision2026_07(): Spec[] {
  return [
    {
      category: 'format',
      title: '2026-07: a two-line reading with the step-1 baseline',
      rules: ['TC-FORMAT-1', 'TC-ELAPSED-1'],
      revisions: ['2026-07'],
      actions: [...turn('one'), clock(90_061_000), prompt('two'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T00:00:00+00:00[UTC]', null, 'unavailable'), reading(2, 1, '2026-07-15T01:01:01+00:00[UTC]', null, '1d 1h 1m 1s')),
    },
    {
      category: 'mixed-time-zones',
      title: '2026-07: browser zones are ignored (no policy line, no browser rendering, no validation)',
      rules: ['TC-FORMAT-1', 'TC-POS-5'],
      revisions: ['2026-07'],
      config: { timeZone: 'Asia/Tokyo' },
      actions: [prompt('hi', 'Europe/Berlin'), steer('bad', 'Etc/UTC'), preStep(), ...nextStep('t', 61_000)],
      check: readingsAre(reading(1, 1, '2026-07-14T09:00:00+09:00[Asia/Tokyo]', null, 'unavailable'), reading(1, 2, '2026-07-14T09:01:01+09:00[Asia/Tokyo]', null, '1m 1s')),
    },
    {
      category: 'interval-scheduling',
      title: '2026-07: interval boundary and clock regression behave as in 2026-08',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-1'],
      revisions: ['2026-07'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), ...nextStep('a', 59_999), ...nextStep('b', 1), ...nextStep('c', -120_000)],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(1, 2, 0), enter(1, 3, 1), enter(1, 4, 1)],
      check: readingsMatch(/unavailable\.$/, /step 3: .*\nElapsed since the preceding step context: 1m 0s\.$/, /step 4: .*\nElapsed since the preceding step context: 0s\.$/),
    },
  ];
}
