import fc from 'fast-check';
import type { SourceIngredients } from './session-arbitrary.js';

/** Time-context ingredients: browser zones (valid, mixed, invalid), intervals, fallback zones. */
const zone = fc.constantFrom('Asia/Shanghai', 'America/New_York', 'Europe/Berlin', 'UTC', 'Asia/Tokyo');
export const ingredients: Partial<SourceIngredients> = {
  config: fc.option(
    fc.record(
      { refreshIntervalMs: fc.constantFrom(0, 1_000, 60_000, 300_000), timeZone: fc.constantFrom('UTC', 'Asia/Shanghai', 'Europe/Berlin') },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
  promptSource: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'user' }) },
    { weight: 4, arbitrary: zone.map((clientTimeZone) => ({ kind: 'user', rpcId: 'b1f7f0a4-2c55-4e0e-8f0d-6a3f3c0d9e21', clientTimeZone })) },
    { weight: 1, arbitrary: fc.constantFrom('Etc/UTC', 'utc', 'Not/A_Zone').map((clientTimeZone) => ({ kind: 'user', rpcId: 'rpc-1', clientTimeZone })) },
    { weight: 1, arbitrary: zone.map((clientTimeZone) => ({ kind: 'user', clientTimeZone })) },
  ),
  extraActions: [fc.constantFrom('UTC', 'Asia/Kolkata', 'America/Los_Angeles').map((tz) => ({ do: 'tz' as const, tz }))],
};
