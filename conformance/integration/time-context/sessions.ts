import fc from 'fast-check';
import type { Action, DownstreamSpec, PromptSpec, Session } from './drive.js';

/**
 * fast-check arbitraries for random time-context sessions: prompts with and without browser zones
 * (valid, invalid, mixed), steering, tool calls, several steps and turns, clock advances (including
 * backwards and exact interval multiples), TZ changes after load, compactions, restarts, and
 * downstream rejects, throws and aborts. (Test support only.)
 */

export const VALID_ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Berlin', 'Australia/Adelaide'];
/**
 * `Asia/Kolkata` is the current IANA name, but Node 20's ICU resolves it to `Asia/Calcutta`, so DSH's
 * canonical check rejects it as a browser zone (while accepting it as a configured zone).
 */
export const INVALID_ZONES = ['utc', 'Etc/UTC', 'Not/A_Real_Zone', '+08:00', 'Asia/Kolkata'];
const CONFIG_ZONES = [...VALID_ZONES, 'Asia/Kolkata'];
export const INTERVALS = [0, 1_000, 60_000, 300_000];

const promptArb = (invalidWeight: number): fc.Arbitrary<PromptSpec> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: fc.record({ zone: fc.constantFrom(...VALID_ZONES) }) },
    { weight: 1, arbitrary: fc.record({ zone: fc.constantFrom(...VALID_ZONES), rpc: fc.constant(false) }) },
    { weight: invalidWeight, arbitrary: fc.record({ zone: fc.constantFrom(...INVALID_ZONES) }) },
  );

/** Clock moves, biased towards the configured interval's boundary (one below, exact, one above). */
const advanceArb = (interval: number): fc.Arbitrary<number> => {
  const boundary = interval > 0 ? [interval - 1, interval, interval + 1] : [999, 1_000, 60_000];
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 2_500 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 * 86_400_000 }) },
    { weight: 3, arbitrary: fc.constantFrom(...boundary) },
    { weight: 2, arbitrary: fc.integer({ min: -120_000, max: -1 }) },
  );
};

const downstreamArb = (invalidWeight: number): fc.Arbitrary<DownstreamSpec> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant({ kind: 'default' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('enter' as const), add: fc.array(promptArb(invalidWeight), { maxLength: 2 }) }) },
    { weight: 1, arbitrary: fc.constant<DownstreamSpec>({ kind: 'enter', replaceClaimed: [] }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'reject' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'throw' as const, message: 'downstream boom' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'abort' as const }) },
  );

export const actionArb = (invalidWeight = 1, interval = 0): fc.Arbitrary<Action> =>
  fc.oneof(
    { weight: 4, arbitrary: promptArb(invalidWeight).map((message) => ({ kind: 'prompt' as const, message })) },
    { weight: 3, arbitrary: promptArb(invalidWeight).map((message) => ({ kind: 'steer' as const, message })) },
    { weight: 6, arbitrary: advanceArb(interval).map((ms) => ({ kind: 'advance' as const, ms })) },
    {
      weight: 8,
      arbitrary: fc.record({ kind: fc.constant('preStep' as const), downstream: downstreamArb(invalidWeight), abortBefore: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) }),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'request' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('assistant' as const), toolCalls: fc.integer({ min: 0, max: 2 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'endStep' as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'endTurn' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), keepLast: fc.integer({ min: 0, max: 2 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
    { weight: 1, arbitrary: fc.constantFrom(...VALID_ZONES).map((zone) => ({ kind: 'setTZ' as const, zone })) },
  );

export const configArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 6, arbitrary: fc.record({ refreshIntervalMs: fc.constantFrom(...INTERVALS) }) },
  { weight: 3, arbitrary: fc.record({ timeZone: fc.constantFrom(...CONFIG_ZONES), refreshIntervalMs: fc.constantFrom(...INTERVALS) }, { requiredKeys: ['timeZone'] }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      { refreshIntervalMs: -1 },
      { refreshIntervalMs: 0.5 },
      { refreshIntervalMs: Number.NaN },
      { refreshIntervalMs: Number.POSITIVE_INFINITY },
      { refreshIntervalMs: Number.MAX_SAFE_INTEGER + 1 },
      { timeZone: 'Mars/Olympus' },
      { timeZone: 'Mars/Olympus', refreshIntervalMs: -1 },
      { timeZone: 5 },
      { refreshIntervalMs: '60000' },
      7,
    ),
  },
);

/** A random session. `invalidWeight` 0 keeps browser zones valid (for logs that must be clean). */
export const sessionArb = (options: { invalidWeight?: number; maxActions?: number; configs?: fc.Arbitrary<unknown> } = {}): fc.Arbitrary<Session> =>
  (options.configs ?? configArb).chain((config) => {
    const raw = (config as { refreshIntervalMs?: unknown } | null)?.refreshIntervalMs;
    const interval = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
    return fc.record({
      config: fc.constant(config),
      tz: fc.constantFrom(...VALID_ZONES),
      actions: fc.array(actionArb(options.invalidWeight ?? 1, interval), { minLength: 1, maxLength: options.maxActions ?? 40, size: 'medium' }),
    });
  });
