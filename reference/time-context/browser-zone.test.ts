import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertCanonicalZone } from './browser-zone.js';

/**
 * `assertCanonicalZone` remembers zones it has confirmed (constructing an Intl formatter per pre-step
 * is the expensive part). The memory must never change a verdict: in any order, with repeats, every
 * call answers what an uncached check answers, and every failure is a fresh TypeError with the same
 * message (and, for an unsupported zone, an Intl error as its cause).
 */

/** The check written out independently: the regex, then Intl's canonical name. */
function oracle(value: string): { ok: true } | { threw: string; hasCause: boolean } {
  if (value !== 'UTC' && !/^[A-Za-z][A-Za-z0-9_+.-]*(?:\/[A-Za-z0-9_+.-]+)+$/.test(value)) {
    return { threw: `browser time zone must be canonical UTC or IANA Area/Location: ${JSON.stringify(value)}`, hasCause: false };
  }
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return { threw: `browser time zone is unsupported: ${JSON.stringify(value)}`, hasCause: true };
  }
  return canonical === value ? { ok: true } : { threw: `browser time zone must be canonical: ${JSON.stringify(value)}`, hasCause: false };
}

function observe(value: string): { ok: true } | { threw: string; hasCause: boolean; error: unknown } {
  try {
    assertCanonicalZone(value);
    return { ok: true };
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return { threw: (error as TypeError).message, hasCause: (error as TypeError).cause !== undefined, error };
  }
}

// Canonical zones, aliases Intl canonicalises, lower-case spellings, unsupported and malformed names.
const zones = fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'Etc/UTC', 'Asia/Calcutta', 'US/Eastern', 'asia/tokyo', 'Mars/Olympus_Mons', 'Asia', 'bad zone', '', 'utc', 'Etc/GMT+5');

describe('assertCanonicalZone', () => {
  it('answers like an uncached check for any sequence of zones, repeats included', () => {
    fc.assert(
      fc.property(fc.array(zones, { minLength: 1, maxLength: 30 }), (sequence) => {
        const errors = new Set<unknown>();
        for (const zone of sequence) {
          const { error, ...seen } = observe(zone) as { error?: unknown };
          expect(seen).toEqual(oracle(zone));
          if (error !== undefined) {
            // A fresh error per failure, never a remembered object.
            expect(errors.has(error)).toBe(false);
            errors.add(error);
          }
        }
      }),
      { seed: 0x20ee, numRuns: 100 },
    );
  });
});
