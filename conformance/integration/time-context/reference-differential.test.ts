import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as upstream from '@deepseek-ai/dsh-time-context';
import * as upstreamRc1 from 'dsh-time-context-0.0.1-rc.1';
import * as reference from '../../../reference/time-context/index.js';
import * as reference2026_07 from '../../../reference/time-context/revision-2026-07.js';
import { asPlugin, readings, run, type Session } from './drive.js';
import { sessionArb } from './sessions.js';

/**
 * Differential property: random sessions (zones, tools, steps, turns, clock jumps both ways, TZ changes,
 * compaction, restart, downstream reject/throw/abort, invalid configs) replayed against the published
 * package and against the reference. Outcomes and final logs (ids normalised) must be identical.
 */

const upstreamPlugin = asPlugin(upstream, '@deepseek-ai/dsh-time-context@0.1.0-rc.8');
const rc1Plugin = asPlugin(upstreamRc1, '@deepseek-ai/dsh-time-context@0.0.1-rc.1');
const referencePlugin = asPlugin(reference, 'reference:time-context@2026-08');
const reference07Plugin = asPlugin(reference2026_07, 'reference:time-context@2026-07');

async function same(a: typeof upstreamPlugin, b: typeof upstreamPlugin, session: Session): Promise<void> {
  const expected = await run(a, session);
  const actual = await run(b, session);
  expect(actual).toEqual(expected);
}

describe('reference time-context vs the published packages', () => {
  it('2026-08 reference ≡ @deepseek-ai/dsh-time-context@0.1.0-rc.8 on random sessions', async () => {
    await fc.assert(
      fc.asyncProperty(sessionArb(), (session) => same(upstreamPlugin, referencePlugin, session)),
      { seed: 8008, numRuns: 300 },
    );
  });

  it('2026-07 reference ≡ @deepseek-ai/dsh-time-context@0.0.1-rc.1 on random sessions', async () => {
    await fc.assert(
      fc.asyncProperty(sessionArb(), (session) => same(rc1Plugin, reference07Plugin, session)),
      { seed: 7007, numRuns: 200 },
    );
  });

  it('exports the upstream namespace shape', () => {
    // index.ts adds `referenceFor` (how the suite picks a revision); otherwise the shapes are identical.
    expect(Object.keys(reference).filter((k) => k !== 'referenceFor').sort()).toEqual(Object.keys(upstream).sort());
    expect(Object.keys(reference2026_07).sort()).toEqual(Object.keys(upstreamRc1).sort());
    expect([reference.name, reference.inject]).toEqual([upstream.name, upstream.inject]);
    expect(reference.referenceFor('2026-08').apply).toBe(reference.apply);
    expect(reference.referenceFor('2026-07').apply).toBe(reference2026_07.apply);
  });
});

describe('the two revisions differ, and each package matches only its own', () => {
  // One prompt with a browser zone: 2026-08 renders in it and adds the policy line; 2026-07 does neither.
  const session: Session = { config: {}, tz: 'UTC', actions: [{ kind: 'prompt', message: { zone: 'Asia/Tokyo' } }, { kind: 'advance', ms: 5_000 }, { kind: 'preStep' }] };

  it('rc.1 writes what the 2026-07 reference writes, and not what 2026-08 writes', async () => {
    const [rc1, ref07, ref08] = await Promise.all([run(rc1Plugin, session), run(reference07Plugin, session), run(referencePlugin, session)]);
    expect(readings(rc1.events)).toEqual(readings(ref07.events));
    expect(readings(rc1.events), 'rc.1 must not produce the 2026-08 three-line reading').not.toEqual(readings(ref08.events));
    expect(readings(rc1.events)).toEqual([
      'Time sampled while preparing turn 1, step 1: 2026-07-14T00:00:05+00:00[UTC]\nElapsed since the preceding model-visible message: unavailable.',
    ]);
  });

  it('rc.8 writes what the 2026-08 reference writes, and not what 2026-07 writes', async () => {
    const rc8 = await run(upstreamPlugin, session);
    const ref08 = await run(referencePlugin, session);
    const ref07 = await run(reference07Plugin, session);
    expect(readings(rc8.events)).toEqual(readings(ref08.events));
    expect(readings(rc8.events), 'rc.8 must not produce the 2026-07 two-line reading').not.toEqual(readings(ref07.events));
    expect(readings(rc8.events)).toEqual([
      'Time sampled while preparing turn 1, step 1: 2026-07-14T09:00:05+09:00[Asia/Tokyo]\n' +
        'Browser time zone for this request: Asia/Tokyo. Interpret otherwise-unqualified dates and times in this zone.\n' +
        'Elapsed since the preceding model-visible message: unavailable.',
    ]);
  });

  it('an invalid browser zone fails the turn under 2026-08 only', async () => {
    const bad: Session = { config: {}, tz: 'UTC', actions: [{ kind: 'prompt', message: { zone: 'Etc/UTC' } }, { kind: 'preStep' }] };
    const [rc8, ref08, rc1, ref07] = await Promise.all([run(upstreamPlugin, bad), run(referencePlugin, bad), run(rc1Plugin, bad), run(reference07Plugin, bad)]);
    const failure = { kind: 'error', turn: 1, step: 1, error: { name: 'TypeError', message: 'browser time zone must be canonical: "Etc/UTC"' } };
    expect(rc8.results[1]).toEqual({ action: 'preStep', outcome: failure });
    expect(ref08.results[1]).toEqual(rc8.results[1]);
    expect(rc1.results[1]).toMatchObject({ outcome: { kind: 'enter' } });
    expect(ref07.results[1]).toEqual(rc1.results[1]);
  });
});
