import type { Spec } from './dsl.js';
import { UNAVAILABLE, assistant, clock, enter, loaded, msg, nextStep, preStep, prompt, reading, readingTexts, readingsAre, readingsMatch, request, resolved, steer, turn, turnEnd } from './dsl.js';

/** time-context scenarios: format and baselines (upstream tests 1-6, 16, 36). */
export function formatAndBaselines(): Spec[] {
  return [
    {
      category: 'format',
      title: 'step 1 records turn, step, the browser-zoned time and the elapsed span since the preceding model-visible message (1d 1h 1m 1s)',
      rules: ['TC-FORMAT-1', 'TC-ELAPSED-1', 'TC-TIME-3', 'TC-ZONE-1'],
      config: { timeZone: 'Asia/Shanghai' },
      actions: [...turn('first', 'hi'), clock(90_061_000), prompt('second', 'Asia/Shanghai'), preStep()],
      check: readingsAre(
        reading(1, 1, '2026-07-14T08:00:00+08:00[Asia/Shanghai]', UNAVAILABLE, 'unavailable'),
        reading(2, 1, '2026-07-15T09:01:01+08:00[Asia/Shanghai]', resolved('Asia/Shanghai'), '1d 1h 1m 1s'),
      ),
    },
    {
      category: 'format',
      title: 'step 1 with no preceding model-visible message reports an unavailable baseline',
      rules: ['TC-ELAPSED-2'],
      actions: [clock(90_000), prompt('hello'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T00:01:30+00:00[UTC]', UNAVAILABLE, 'unavailable')),
    },
    ...[undefined, 0].map(
      (interval): Spec => ({
        category: 'format',
        title: `a later step measures from the previous reading of the turn (step context 1m 1s), refreshIntervalMs ${interval === undefined ? 'omitted' : '0'}`,
        rules: ['TC-BASE-1', 'TC-ELAPSED-1', 'TC-SCHED-2'],
        config: interval === undefined ? {} : { refreshIntervalMs: interval },
        actions: [prompt('go'), preStep(), request, assistant('calling', 1), clock(10_000), clock(51_000), preStep()],
        check: readingsAre(
          reading(1, 1, '2026-07-14T00:00:00+00:00[UTC]', UNAVAILABLE, 'unavailable'),
          reading(1, 2, '2026-07-14T00:01:01+00:00[UTC]', UNAVAILABLE, '1m 1s'),
        ),
      }),
    ),
    {
      category: 'format',
      title: 'a later step measures from the previous reading, not from the more recent tool result (61 s, not 51 s)',
      rules: ['TC-ELAPSED-1'],
      actions: [prompt('go'), preStep(), request, clock(10_000), assistant('calling', 1), clock(51_000), preStep()],
      check: readingsMatch(/step 1:/, /step context: 1m 1s\.$/),
    },
    {
      category: 'format',
      title: 'elapsed is floored to whole seconds, never rounded (1.999 s renders 1s)',
      rules: ['TC-ELAPSED-1'],
      actions: [prompt('go'), preStep(), ...nextStep('calling', 1_999)],
      check: readingsMatch(/unavailable\.$/, /step context: 1s\.$/),
    },
    {
      category: 'ordering',
      title: 'one reading per entered step, each after step/start and the batch, with tool calls between requests',
      rules: ['TC-POS-2', 'TC-POS-3', 'TC-POS-4', 'TC-SCHED-2'],
      actions: [prompt('go'), preStep(), ...nextStep('calling', 61_000, 2), request, assistant('done'), turnEnd],
      check: (actual) => {
        const types = actual.log.map((e) => e.type);
        const firstReading = actual.log.findIndex((e) => readingTexts([e]).length === 1);
        if (types[firstReading - 1] !== 'user/message' || types[firstReading - 2] !== 'step/start') throw new Error(`expected step/start, prompt, reading; got ${types.join(', ')}`);
        readingsMatch(/step 1:/, /step 2: .*\n.*\n.*step context: 1m 1s\.$/)(actual);
      },
    },
    {
      category: 'ordering',
      title: 'the reading is appended after every message of the entering batch, including downstream contributions',
      rules: ['TC-POS-3'],
      actions: [prompt('go'), steer('also this'), preStep({ kind: 'enter', add: [msg('from downstream')] })],
      check: (actual) => {
        const texts = actual.log.filter((e) => e.type === 'user/message').map((e) => String((e.data as { content: Array<{ text: string }> }).content[0].text).split('\n')[0]);
        if (!texts[3]?.startsWith('Time sampled') || texts.length !== 4) throw new Error(`expected the reading last of 4 messages, got ${JSON.stringify(texts)}`);
      },
    },
    {
      category: 'format',
      title: 'a step with no reading earlier in its turn (previous turn\'s reading, step 1 suppressed) reports an unavailable step-context baseline',
      rules: ['TC-ELAPSED-2', 'TC-SCHED-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [...turn('one'), clock(30_000), prompt('two'), preStep(), ...nextStep('b', 30_000)],
      check: readingsAre(
        reading(1, 1, '2026-07-14T00:00:00+00:00[UTC]', UNAVAILABLE, 'unavailable'),
        reading(2, 2, '2026-07-14T00:01:00+00:00[UTC]', UNAVAILABLE, 'unavailable'),
      ),
    },
    {
      category: 'format',
      title: 'two turns under TZ=Asia/Shanghai: two readings in the process zone, the second with a duration',
      rules: ['TC-FORMAT-1', 'TC-ELAPSED-1'],
      tz: 'Asia/Shanghai',
      actions: [...turn('one'), clock(5_000), prompt('two'), preStep()],
      check: readingsAre(
        reading(1, 1, '2026-07-14T08:00:00+08:00[Asia/Shanghai]', UNAVAILABLE, 'unavailable'),
        reading(2, 1, '2026-07-14T08:00:05+08:00[Asia/Shanghai]', UNAVAILABLE, '5s'),
      ),
    },
    {
      category: 'ordering',
      title: 'an entering decision with no messages still gets a reading (the step is entered with it alone)',
      rules: ['TC-POS-2'],
      revisions: ['2026-08'],
      actions: [preStep({ kind: 'enter', replaceClaimed: [] })],
      expectOutcomes: [loaded, enter(1, 1, 1)],
    },
  ];
}
