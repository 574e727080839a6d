import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as upstream from '@deepseek-ai/dsh-time-context';
import { Config } from './config.js';

/** `Config` must accept, reject and word its errors exactly like the published schemastery schema. */
function outcome(fn: (input: unknown) => unknown, input: unknown): unknown {
  try {
    const r = fn(input) as Record<string, unknown>;
    return { ok: { timeZone: r.timeZone, refreshIntervalMs: r.refreshIntervalMs } };
  } catch (error) {
    const e = error as Error;
    return { error: { name: e.name, message: e.message, isTypeError: e instanceof TypeError } };
  }
}

const valueArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

describe('Config', () => {
  it('matches the published schema on random inputs', () => {
    fc.assert(
      fc.property(
        fc.oneof(valueArb, fc.record({ timeZone: valueArb, refreshIntervalMs: valueArb, extra: valueArb }, { requiredKeys: [] })),
        (input) => {
          expect(outcome(Config, input)).toEqual(outcome(upstream.Config as (i: unknown) => unknown, input));
        },
      ),
      { seed: 1, numRuns: 2_000 },
    );
  });

  it.each([[{ timeZone: 5 }], [{ refreshIntervalMs: '60000' }], [7], [[]], [{ refreshIntervalMs: Number.NaN }], [null], [{ timeZone: null }]])('agrees on %j', (input) => {
    expect(outcome(Config, input)).toEqual(outcome(upstream.Config as (i: unknown) => unknown, input));
  });
});
