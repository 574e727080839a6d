import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDuration, durationSeconds, expectedPolicy, readClaims, renderedIn, timestampInstant, turnZone, zoneDefect } from '../../../invariants/rules/time-context/grammar.js';
import { assertCanonicalZone, classifyZones, renderBrowserZonePolicy } from '../../../reference/time-context/browser-zone.js';
import { formatSeconds, parseDuration } from '../../../reference/time-context/duration.js';
import { parseReading, renderReading } from '../../../reference/time-context/reading-text.js';
import { createTimestampFormatter, formatTimestamp, parseRenderedTimestamp } from '../../../reference/time-context/timestamp.js';
import { SPEC_REVISIONS } from '../../../spec/revisions.js';

/**
 * The validator's reading grammar (invariants/rules/time-context/grammar.ts) is written apart from the
 * reference's on purpose; this is where the two are held to the same language. Any disagreement is a
 * bug in one of them, found here rather than hidden by shared code.
 */
const ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London', 'Asia/Calcutta', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham', 'Africa/Abidjan', 'Asia/Kathmandu', 'Etc/UTC', 'Not/AZone', 'bad zone', 'Europe/Kiev', 'Europe/Kyiv', 'Asia/Katmandu', 'America/Sao_Paulo'];
const instant = fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) });
const zone = fc.constantFrom(...ZONES.filter((z) => zoneDefect(z) === undefined));

describe('the validator reading grammar agrees with the reference', () => {
  it('renders every instant in every zone as the reference does, and reads it back', () => {
    fc.assert(
      fc.property(instant, zone, (ms, z) => {
        const ours = renderedIn(ms, z);
        expect(ours).toBe(formatTimestamp(ms, createTimestampFormatter(z), z));
        expect(timestampInstant(ours)).toBe(parseRenderedTimestamp(ours));
        // An LMT offset with seconds (`+08:05:43`) is outside the grammar: Date.parse refuses it (NaN) on both sides.
        if (!/[+-]\d\d:\d\d:\d\d\[/.test(ours)) expect(timestampInstant(ours)).toBe(Math.floor(ms / 1000) * 1000);
      }),
      { numRuns: 2000 },
    );
    // Historical offsets with seconds (LMT) and a zone of zero offset.
    for (const [ms, z] of [[Date.UTC(1890, 0, 1), 'Asia/Shanghai'], [Date.UTC(1900, 5, 1), 'Africa/Abidjan'], [0, 'UTC']] as const) {
      expect(renderedIn(ms, z)).toBe(formatTimestamp(ms, createTimestampFormatter(z), z));
    }
  });

  it('judges zone claims with the same verdict and words', () => {
    const claims = fc.oneof(fc.constantFrom(...ZONES), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(claims, (z) => {
        let theirs: string | undefined;
        try {
          assertCanonicalZone(z);
        } catch (error) {
          theirs = (error as Error).message;
        }
        expect(zoneDefect(z)).toBe(theirs);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(zone, { maxLength: 4 }), (zs) => {
        const ref = classifyZones(zs);
        expect(expectedPolicy(turnZone(zs))).toBe(renderBrowserZonePolicy(ref));
      }),
    );
  });

  it('reads and writes durations alike', () => {
    fc.assert(fc.property(fc.nat(), (n) => {
      expect(canonicalDuration(n)).toBe(formatSeconds(n));
    }));
    const text = fc.oneof(fc.nat().map(formatSeconds), fc.stringMatching(/^(\d{1,3}[dhms] ?){0,4}$/));
    fc.assert(fc.property(text, (t) => {
      expect(durationSeconds(t)).toBe(parseDuration(t));
    }));
  });

  it('accepts exactly the readings the reference parses, with the same parts', () => {
    const part = fc.oneof(fc.constantFrom('\n', '\r', '\u2028', ']', '[', ' ', '.', 'x', '1'), fc.string({ maxLength: 3 }));
    const reading = fc.record({
      revision: fc.constantFrom(...SPEC_REVISIONS),
      turn: fc.nat(),
      step: fc.nat(),
      ms: instant,
      zone,
      elapsed: fc.oneof(fc.constant('unavailable'), fc.nat().map(formatSeconds)),
      policy: fc.constantFrom('Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.', 'Browser time zone for this request: x'),
    });
    fc.assert(
      fc.property(reading, fc.nat(400), part, fc.boolean(), (r, at, noise, mutate) => {
        let text = renderReading(r.revision, { turn: r.turn, step: r.step, timestamp: renderedIn(r.ms, r.zone), policy: r.policy, elapsed: r.elapsed });
        if (mutate) text = text.slice(0, at % (text.length + 1)) + noise + text.slice(at % (text.length + 1));
        const ref = parseReading(r.revision, text);
        const ours = readClaims(r.revision, text);
        expect(ours === undefined ? undefined : { ...ours }).toEqual(ref === undefined ? undefined : { ...ref });
      }),
      { numRuns: 3000 },
    );
  });
});
