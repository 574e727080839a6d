import type { z } from 'zod';
import type { ScenarioActual } from '../../scenario/execute.js';
import type { ScenarioDraft } from '../../scenario/draft.js';
import type { Action, Downstream, UserMessageSpec } from '../../scenario/schema.js';
import type { SpecRevision } from '../../../spec/revisions.js';

/**
 * time-context scenarios: every upstream test case (research upstream-sources §1.6) and conformance
 * probe (§5) that a simulated host can express, plus compaction, restart, clock regression, interval
 * boundaries, zones, containment and config. Expectations come from the reference and are
 * cross-checked against the published packages by the generator; `check` pins the facts each
 * scenario is about (exact texts from the research), so a reference bug cannot become the spec.
 */

export const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const header = { type: 'session' as const, version: 0, id: 'session-time-context', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };

type ActionIn = z.input<typeof Action>;
type MessageIn = z.input<typeof UserMessageSpec>;

let rpc = 0;
/** A prompt; with `zone` it is a user-rpc prompt carrying the browser's `clientTimeZone`. */
const msg = (text: string, zone?: string, options: { rpc?: boolean } = {}): MessageIn => ({
  text,
  id: `00000000-0000-4000-8000-${String(++rpc).padStart(12, '0')}`,
  source: zone === undefined ? { kind: 'user' } : options.rpc === false ? { kind: 'user', clientTimeZone: zone } : { kind: 'user', rpcId: `rpc-${rpc}`, clientTimeZone: zone },
});
const prompt = (text: string, zone?: string, options?: { rpc?: boolean }): ActionIn => ({ do: 'prompt', message: msg(text, zone, options) });
const steer = (text: string, zone?: string): ActionIn => ({ do: 'prompt', lane: 'next-step', message: msg(text, zone) });
const clock = (advance: number): ActionIn => ({ do: 'clock', advance });
const preStep = (downstream?: z.input<typeof Downstream>, abortBefore?: boolean): ActionIn => ({ do: 'pre-step', ...(downstream ? { downstream } : {}), ...(abortBefore ? { abortBefore } : {}) });
const request: ActionIn = { do: 'request' };
const assistant = (text = 'ok', tools = 0): ActionIn => ({
  do: 'assistant',
  text,
  toolCalls: Array.from({ length: tools }, (_, i) => ({ name: 'read', arguments: { file_path: `/proj/f${i}` }, result: 'contents' })),
});
const turnEnd: ActionIn = { do: 'turn-end' };
const restart: ActionIn = { do: 'restart' };
const compact = (keepLast = 0): ActionIn => ({ do: 'compact', keepLast });

/** Texts of the readings in a log. */
export function readingTexts(log: readonly unknown[]): string[] {
  return log.flatMap((e) => {
    const ev = e as { type: string; data: { source?: { kind?: string; plugin?: string }; content?: Array<{ text?: string }> } };
    return ev.type === 'user/message' && ev.data.source?.kind === 'plugin' && ev.data.source.plugin === 'time-context' ? [String(ev.data.content?.[0]?.text)] : [];
  });
}

const UNAVAILABLE = 'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.';
const resolved = (zone: string) => `Browser time zone for this request: ${zone}. Interpret otherwise-unqualified dates and times in this zone.`;
const mixed = (zones: string[]) => `Browser time zone for this request: mixed ${JSON.stringify(zones)}. Ask the user to clarify otherwise-unqualified dates and times.`;
const reading = (turn: number, step: number, timestamp: string, policy: string | null, elapsed: string): string =>
  [`Time sampled while preparing turn ${turn}, step ${step}: ${timestamp}`, ...(policy === null ? [] : [policy]), `Elapsed since the preceding ${step === 1 ? 'model-visible message' : 'step context'}: ${elapsed}.`].join('\n');

/** A check that the reference's readings are exactly `texts`. */
const readingsAre =
  (...texts: string[]) =>
  (actual: ScenarioActual): void => {
    const got = readingTexts(actual.log);
    if (JSON.stringify(got) !== JSON.stringify(texts)) throw new Error(`expected readings ${JSON.stringify(texts)}, the reference wrote ${JSON.stringify(got)}`);
  };
const readingsMatch =
  (...patterns: RegExp[]) =>
  (actual: ScenarioActual): void => {
    const got = readingTexts(actual.log);
    if (got.length !== patterns.length || !patterns.every((p, i) => p.test(got[i]))) throw new Error(`expected readings matching ${patterns.join(', ')}, the reference wrote ${JSON.stringify(got)}`);
  };

interface Spec {
  category: ScenarioDraft['category'];
  title: string;
  rules: string[];
  spec?: SpecRevision[];
  config?: Record<string, unknown>;
  tz?: string | null;
  actions: ActionIn[];
  check?: (actual: ScenarioActual) => void;
  expectOutcomes?: ScenarioDraft['expectOutcomes'];
}

const draft = (s: Spec): ScenarioDraft => ({
  source: 'time-context',
  category: s.category,
  title: s.title,
  rules: s.rules,
  spec: s.spec ?? ['2026-08'],
  config: s.config,
  env: { clock: BASE, tz: s.tz === undefined ? 'UTC' : s.tz, header },
  actions: s.actions,
  check: s.check,
  expectOutcomes: s.expectOutcomes,
  provenance: { generator: 'time-context' },
});

const loaded = { kind: 'loaded' as const };
const enter = (turn: number, step: number, appended: number) => ({ kind: 'enter' as const, turn, step, appended });

export function timeContextScenarios(): ScenarioDraft[] {
  rpc = 0;
  const out: Spec[] = [
    // ---- format and baselines (upstream tests 1-6, 16, 36) ----
    {
      category: 'format',
      title: 'step 1 records turn, step, the browser-zoned time and the elapsed span since the preceding model-visible message (1d 1h 1m 1s)',
      rules: ['TC-FORMAT-1', 'TC-ELAPSED-1', 'TC-TIME-3', 'TC-ZONE-1'],
      config: { timeZone: 'Asia/Shanghai' },
      actions: [prompt('first'), preStep(), request, assistant('hi'), turnEnd, clock(90_061_000), prompt('second', 'Asia/Shanghai'), preStep()],
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
      actions: [prompt('go'), preStep(), request, assistant('calling', 1), clock(1_999), preStep()],
      check: readingsMatch(/unavailable\.$/, /step context: 1s\.$/),
    },
    {
      category: 'ordering',
      title: 'one reading per entered step, each after step/start and the batch, with tool calls between requests',
      rules: ['TC-POS-2', 'TC-POS-3', 'TC-POS-4', 'TC-SCHED-2'],
      actions: [prompt('go'), preStep(), request, assistant('calling', 2), clock(61_000), preStep(), request, assistant('done'), turnEnd],
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
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(30_000), prompt('two'), preStep(), request, assistant('b', 1), clock(30_000), preStep()],
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
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(5_000), prompt('two'), preStep()],
      check: readingsAre(
        reading(1, 1, '2026-07-14T08:00:00+08:00[Asia/Shanghai]', UNAVAILABLE, 'unavailable'),
        reading(2, 1, '2026-07-14T08:00:05+08:00[Asia/Shanghai]', UNAVAILABLE, '5s'),
      ),
    },
    {
      category: 'ordering',
      title: 'an entering decision with no messages still gets a reading (the step is entered with it alone)',
      rules: ['TC-POS-2'],
      spec: ['2026-08'],
      actions: [preStep({ kind: 'enter', replaceClaimed: [] })],
      expectOutcomes: [loaded, enter(1, 1, 1)],
    },

    // ---- browser zones (request-zone tests 18-20, probes) ----
    {
      category: 'mixed-time-zones',
      title: 'one browser zone (America/New_York) formats the timestamp and resolves the policy',
      rules: ['TC-ZONE-1', 'TC-TIME-3'],
      actions: [prompt('hi', 'America/New_York'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-13T20:00:00-04:00[America/New_York]', resolved('America/New_York'), 'unavailable')),
    },
    {
      category: 'mixed-time-zones',
      title: 'mixed browser zones (steering adds a second) fall back to the load-time zone with a sorted, compact mixed list',
      rules: ['TC-ZONE-1', 'TC-TIME-3'],
      actions: [prompt('hi', 'Asia/Shanghai'), steer('and', 'America/New_York'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T00:00:00+00:00[UTC]', mixed(['America/New_York', 'Asia/Shanghai']), 'unavailable')),
    },
    {
      category: 'mixed-time-zones',
      title: 'the same zone twice is one zone; a claim without rpcId is ignored',
      rules: ['TC-ZONE-1'],
      actions: [prompt('hi', 'Europe/Berlin'), steer('again', 'Europe/Berlin'), { do: 'prompt', lane: 'next-step', message: msg('no rpc', 'Asia/Tokyo', { rpc: false }) }, preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T02:00:00+02:00[Europe/Berlin]', resolved('Europe/Berlin'), 'unavailable')),
    },
    {
      category: 'mixed-time-zones',
      title: 'a later step keeps the zone of the turn\'s already-durable prompt',
      rules: ['TC-ZONE-1', 'TC-TIME-3'],
      actions: [prompt('hi', 'Australia/Adelaide'), preStep(), request, assistant('tool', 1), clock(2_000), preStep()],
      check: readingsMatch(/\+09:30\[Australia\/Adelaide\]\nBrowser time zone for this request: Australia\/Adelaide\./, /step 2: 2026-07-14T09:30:02\+09:30\[Australia\/Adelaide\]\nBrowser time zone for this request: Australia\/Adelaide\./),
    },
    {
      category: 'mixed-time-zones',
      title: 'a new turn does not inherit the previous turn\'s browser zone',
      rules: ['TC-ZONE-1'],
      actions: [prompt('hi', 'Asia/Tokyo'), preStep(), request, assistant('a'), turnEnd, prompt('plain'), preStep()],
      check: readingsMatch(/\[Asia\/Tokyo\]/, /\[UTC\]\nBrowser time zone for this request: unavailable\./),
    },
    ...[
      ['+08:00', 'browser time zone must be canonical UTC or IANA Area/Location: "+08:00"'],
      ['Not/A_Real_Zone', 'browser time zone is unsupported: "Not/A_Real_Zone"'],
      ['Etc/UTC', 'browser time zone must be canonical: "Etc/UTC"'],
      ['utc', 'browser time zone must be canonical UTC or IANA Area/Location: "utc"'],
    ].map(
      ([zone, message]): Spec => ({
        category: 'mixed-time-zones',
        title: `an invalid browser zone ${JSON.stringify(zone)} fails the turn with a TypeError, and nothing of the batch is recorded`,
        rules: ['TC-ZONE-2'],
        actions: [prompt('hi', zone), preStep()],
        expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'TypeError', message } }],
      }),
    ),
    {
      category: 'mixed-time-zones',
      title: 'one corrupt zone among otherwise mixed zones still fails the turn',
      rules: ['TC-ZONE-2'],
      actions: [prompt('hi', 'Asia/Tokyo'), steer('x', 'Europe/Berlin'), steer('y', 'Etc/UTC'), preStep()],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'TypeError', message: 'browser time zone must be canonical: "Etc/UTC"' } }],
    },
    {
      category: 'mixed-time-zones',
      title: 'an aborted pre-step reports the abort, not an invalid browser zone (the zone is never looked at)',
      rules: ['TC-ZONE-2'],
      actions: [prompt('hi', 'Etc/UTC'), preStep(undefined, true)],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'prompt submission aborted' } }],
    },
    {
      category: 'config',
      title: 'the process zone is resolved once at load: a TZ change afterwards does not move the readings',
      rules: ['TC-FORMAT-1'],
      tz: 'Asia/Shanghai',
      actions: [{ do: 'tz', tz: 'America/New_York' }, prompt('hi'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T08:00:00+08:00[Asia/Shanghai]', UNAVAILABLE, 'unavailable')),
    },
    {
      category: 'config',
      title: 'an explicit timeZone is the fallback for turns without a unique browser zone only',
      rules: ['TC-ZONE-1', 'TC-TIME-3'],
      config: { timeZone: 'Asia/Tokyo' },
      actions: [prompt('plain'), preStep(), request, assistant('a'), turnEnd, prompt('zoned', 'Europe/Berlin'), preStep()],
      check: readingsMatch(/\+09:00\[Asia\/Tokyo\]/, /\+02:00\[Europe\/Berlin\]/),
    },

    // ---- interval scheduling and clock regression (tests 7-9, probes) ----
    {
      category: 'interval-scheduling',
      title: 'interval boundary: one millisecond below the interval is suppressed, exactly the interval injects',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 300_000 },
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(299_999), prompt('two'), preStep(), request, assistant('b'), turnEnd, clock(1), prompt('three'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(2, 1, 1), enter(3, 1, 2)],
    },
    {
      category: 'interval-scheduling',
      title: 'a positive interval suppresses later steps of the same turn and applies across turns',
      rules: ['TC-SCHED-1', 'TC-SCHED-2'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), request, assistant('a', 1), clock(30_000), preStep(), request, assistant('b', 1), clock(30_000), preStep(), request, assistant('c'), turnEnd, clock(59_999), prompt('two'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(1, 2, 0), enter(1, 3, 1), enter(2, 1, 1)],
    },
    {
      category: 'clock-regression',
      title: 'a clock that went backwards injects despite the interval and clamps elapsed to 0s',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-1', 'TC-SAMPLE-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [clock(600_000), prompt('go'), preStep(), request, assistant('a', 1), clock(-5_000), preStep()],
      check: readingsAre(
        reading(1, 1, '2026-07-14T00:10:00+00:00[UTC]', UNAVAILABLE, 'unavailable'),
        reading(1, 2, '2026-07-14T00:09:55+00:00[UTC]', UNAVAILABLE, '0s'),
      ),
    },
    {
      category: 'clock-regression',
      title: 'a preceding model-visible message in the future (clock regression) clamps the step-1 elapsed to 0s',
      rules: ['TC-ELAPSED-1'],
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(-10_000), prompt('two'), preStep()],
      check: readingsMatch(/unavailable\.$/, /^Time sampled while preparing turn 2, step 1: 2026-07-13T23:59:50\+00:00\[UTC\]\n.*\nElapsed since the preceding model-visible message: 0s\.$/),
    },
    {
      category: 'compaction',
      title: 'a reading shadowed by compaction still suppresses the next attempt inside the interval',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, compact(0), clock(30_000), prompt('two'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(2, 1, 1)],
    },
    {
      category: 'restart',
      title: 'after compaction and a restart, the shadowed reading still suppresses at +999 ms; +1000 ms injects with an unavailable step-context baseline',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-2'],
      config: { refreshIntervalMs: 1_000 },
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, compact(0), restart, clock(999), prompt('two'), preStep(), request, assistant('b', 1), clock(1), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), loaded, enter(2, 1, 1), enter(2, 2, 1)],
      check: readingsMatch(/turn 1, step 1/, /turn 2, step 2: 2026-07-14T00:00:01\+00:00\[UTC\]\n.*\nElapsed since the preceding step context: unavailable\.$/),
    },
    {
      category: 'restart',
      title: 'a restart between readings keeps the schedule (read from the log, not from process memory)',
      rules: ['TC-SCHED-1'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, restart, clock(10_000), prompt('two'), preStep(), request, assistant('b'), turnEnd, restart, clock(50_000), prompt('three'), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), loaded, enter(2, 1, 1), loaded, enter(3, 1, 2)],
    },
    {
      category: 'restart',
      title: 'a restarted plugin registers one listener: one reading per step, elapsed measured across the restart',
      rules: ['TC-SCHED-2', 'TC-ELAPSED-1'],
      actions: [prompt('one'), preStep(), request, assistant('a', 1), restart, restart, clock(2_500), preStep()],
      check: readingsMatch(/step 1/, /step 2: .*\n.*\n.*step context: 2s\.$/),
    },

    // ---- containment (tests 10, 15, probes) ----
    {
      category: 'failure-containment',
      title: 'a downstream reject passes through: nothing recorded, the turn ends blocked',
      rules: ['TC-POS-2'],
      spec: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'reject' })],
      expectOutcomes: [loaded, { kind: 'reject', turn: 1, step: 1 }],
    },
    {
      category: 'failure-containment',
      title: 'a downstream listener that throws leaves no reading (the plugin delegates first)',
      rules: ['TC-POS-2'],
      spec: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'throw', message: 'downstream failed' })],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'downstream failed' } }],
    },
    {
      category: 'failure-containment',
      title: 'a downstream listener that cancels the step leaves no reading',
      rules: ['TC-POS-2'],
      spec: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep({ kind: 'abort' })],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'aborted by a downstream listener' } }],
    },
    {
      category: 'failure-containment',
      title: 'an already-aborted prompt submission is skipped',
      rules: ['TC-POS-2'],
      spec: ['2026-08', '2026-07'],
      actions: [prompt('hi'), preStep(undefined, true)],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'prompt submission aborted' } }],
    },
    {
      category: 'failure-containment',
      title: 'after a rejected and a failed turn, the next turn\'s reading measures from the last durable message',
      rules: ['TC-ELAPSED-1', 'TC-SRC-1', 'TC-SRC-2', 'TC-CONTENT-1'],
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(3_000), prompt('two'), preStep({ kind: 'reject' }), clock(4_000), prompt('three'), preStep({ kind: 'throw', message: 'x' }), clock(5_000), prompt('four'), preStep()],
      check: readingsMatch(/unavailable\.$/, /turn 4, step 1: .*\n.*\nElapsed since the preceding model-visible message: 12s\.$/),
    },

    // ---- config and load errors (tests 12, 13) ----
    ...(
      [
        [{ refreshIntervalMs: -1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got -1'],
        [{ refreshIntervalMs: 0.5 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got 0.5'],
        [{ refreshIntervalMs: Number.MAX_SAFE_INTEGER + 1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got 9007199254740992'],
        [{ refreshIntervalMs: null }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got null'],
        [{ timeZone: 'Mars/Olympus' }, 'Error', 'time-context: invalid IANA timeZone "Mars/Olympus"'],
        [{ timeZone: 'Mars/Olympus', refreshIntervalMs: -1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got -1'],
        [{ timeZone: null }, 'Error', 'time-context: invalid IANA timeZone null'],
        [{ timeZone: 5 }, 'ValidationError', '$.timeZone expected string but got 5'],
        [{ refreshIntervalMs: '60000' }, 'ValidationError', '$.refreshIntervalMs expected number but got 60000'],
        [{ timeZone: 1, refreshIntervalMs: 'a' }, 'ValidationError', '$.timeZone expected string but got 1'],
      ] as const
    ).map(
      ([config, name, message]): Spec => ({
        category: 'config',
        title: `config ${JSON.stringify(config)} fails at load: ${message}`,
        rules: ['TC-SCHED-1'],
        spec: ['2026-08', '2026-07'],
        config: config as Record<string, unknown>,
        actions: [prompt('hi'), preStep()],
        expectOutcomes: [{ kind: 'load-error', error: { name, message } }],
      }),
    ),

    // ---- 2026-07: the two-line reading (npm 0.0.1-rc.1) ----
    {
      category: 'format',
      title: '2026-07: a two-line reading with the step-1 baseline',
      rules: ['TC-FORMAT-1', 'TC-ELAPSED-1'],
      spec: ['2026-07'],
      actions: [prompt('one'), preStep(), request, assistant('a'), turnEnd, clock(90_061_000), prompt('two'), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T00:00:00+00:00[UTC]', null, 'unavailable'), reading(2, 1, '2026-07-15T01:01:01+00:00[UTC]', null, '1d 1h 1m 1s')),
    },
    {
      category: 'mixed-time-zones',
      title: '2026-07: browser zones are ignored (no policy line, no browser rendering, no validation)',
      rules: ['TC-FORMAT-1', 'TC-POS-5'],
      spec: ['2026-07'],
      config: { timeZone: 'Asia/Tokyo' },
      actions: [prompt('hi', 'Europe/Berlin'), steer('bad', 'Etc/UTC'), preStep(), request, assistant('t', 1), clock(61_000), preStep()],
      check: readingsAre(reading(1, 1, '2026-07-14T09:00:00+09:00[Asia/Tokyo]', null, 'unavailable'), reading(1, 2, '2026-07-14T09:01:01+09:00[Asia/Tokyo]', null, '1m 1s')),
    },
    {
      category: 'interval-scheduling',
      title: '2026-07: interval boundary and clock regression behave as in 2026-08',
      rules: ['TC-SCHED-1', 'TC-ELAPSED-1'],
      spec: ['2026-07'],
      config: { refreshIntervalMs: 60_000 },
      actions: [prompt('one'), preStep(), request, assistant('a', 1), clock(59_999), preStep(), request, assistant('b', 1), clock(1), preStep(), request, assistant('c', 1), clock(-120_000), preStep()],
      expectOutcomes: [loaded, enter(1, 1, 2), enter(1, 2, 0), enter(1, 3, 1), enter(1, 4, 1)],
      check: readingsMatch(/unavailable\.$/, /step 3: .*\nElapsed since the preceding step context: 1m 0s\.$/, /step 4: .*\nElapsed since the preceding step context: 0s\.$/),
    },
  ];
  return out.map(draft);
}
