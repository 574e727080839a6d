import type { Spec } from './dsl.js';
import { UNAVAILABLE, loaded, mixed, msg, nextStep, preStep, prompt, reading, readingsAre, readingsMatch, resolved, steer, turn } from './dsl.js';

/** time-context scenarios: browser zones (request-zone tests 18-20, probes). */
export function browserZones(): Spec[] {
  return [
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
      actions: [prompt('hi', 'Australia/Adelaide'), preStep(), ...nextStep('tool', 2_000)],
      check: readingsMatch(/\+09:30\[Australia\/Adelaide\]\nBrowser time zone for this request: Australia\/Adelaide\./, /step 2: 2026-07-14T09:30:02\+09:30\[Australia\/Adelaide\]\nBrowser time zone for this request: Australia\/Adelaide\./),
    },
    {
      category: 'mixed-time-zones',
      title: 'a new turn does not inherit the previous turn\'s browser zone',
      rules: ['TC-ZONE-1'],
      actions: [...turn('hi', 'a', 'Asia/Tokyo'), prompt('plain'), preStep()],
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
      actions: [...turn('plain'), prompt('zoned', 'Europe/Berlin'), preStep()],
      check: readingsMatch(/\+09:00\[Asia\/Tokyo\]/, /\+02:00\[Europe\/Berlin\]/),
    },
  ];
}
