import { cannot, casesOf, fx, unit } from './case.js';

const S = 'tests/time-context.spec.ts';
const Z = 'tests/request-zone.spec.ts';
const I = 'tests/invariant.spec.ts';

export const timeContextCases = [
  ...casesOf('time-context', S, [
    ['records turn, step, zoned time, and the preceding model-visible message baseline', fx('step 1 records turn, step, the browser-zoned time')],
    ['reports an unavailable first-step baseline when no model-visible message precedes it', fx('step 1 with no preceding model-visible message')],
    ['uses the preceding durable step-context timestamp after step one (interval omitted / zero)', fx('refreshIntervalMs omitted', 'refreshIntervalMs 0')],
    ['formats in one browser zone and falls back when steering supplies mixed zones', fx('one browser zone (America/New_York)', 'mixed browser zones (steering adds a second)')],
    ['reports an unavailable later-step baseline at the matching turn boundary', fx('a step with no reading earlier in its turn')],
    ['reports an unavailable later-step baseline when event lookup is exhausted', fx('a step with no reading earlier in its turn')],
    ['injects after backward wall-clock movement and clamps elapsed time to zero', fx('a clock that went backwards injects despite the interval')],
    ['uses a shadowed durable injection after resume and injects at the exact threshold', fx('after compaction and a restart, the shadowed reading still suppresses')],
    ['applies a positive interval across turns without sharing state between sessions', fx('a positive interval suppresses later steps of the same turn')],
    ['skips an already-aborted prompt submission', fx('an already-aborted prompt submission is skipped')],
    ['defaults to the process system zone and retains the zone resolved at plugin load', fx('the process zone is resolved once at load')],
    ['fails loud for an invalid explicit zone or an unavailable process zone', fx('config {"timeZone":"Mars/Olympus"} fails at load')],
    ['rejects invalid refresh intervals at plugin load with one diagnostic', fx('config {"refreshIntervalMs":-1} fails at load', 'config {"refreshIntervalMs":0.5} fails at load')],
    ['removes its listener when the plugin fiber disposes', fx('a restarted plugin registers one listener')],
    ['does not commit a preparation reading when a downstream listener throws or cancels', fx('a downstream listener that throws leaves no reading', 'a downstream listener that cancels the step leaves no reading')],
    ['persists one ordered context per request, accumulates readings, and leaves system headers unchanged', fx('one reading per entered step, each after step/start')],
    ['keeps namespace metadata and boots the agent listener through unwrapExports', unit('conformance/loader/load-plugin.test.ts (the loader, not a behaviour of a scenario)')],
  ]),
  ...casesOf('time-context', Z, [
    ['derives missing / unique / sorted-mixed zones from user-rpc messages only', fx('the same zone twice is one zone', 'mixed browser zones (steering adds a second)')],
    ['validates every zone (+08:00, Not/A_Real_Zone, Etc/UTC)', fx('"+08:00" fails the turn', '"Not/A_Real_Zone" fails the turn', '"Etc/UTC" fails the turn')],
    ['renders one policy per kind', fx('one browser zone (America/New_York)', 'mixed browser zones', 'step 1 with no preceding model-visible message')],
  ]),
  ...casesOf('time-context', I, [
    ['accepts a coherent turn 2 / step 3 reading', fx('genuine two-turn log with a tool call (2026-08)')],
    ['accepts an append 60 s after sampling', unit('invariants/rules/time-context tests (a tolerance of the upstream checker the kit replaces with TC-TIME-1)')],
    ['browser policy and timestamp must match provenance', fx('a reading whose policy line claims a zone no message carries')],
    ['formatter failure is reported', cannot('needs an Intl that cannot format a zone it has just validated (TC-TIME-2); rules unit test')],
    ['invalid provenance (unsupported browser zone)', fx('a corrupt browser zone in the turn of a reading')],
    ['one corrupt zone among mixed zones', fx('one corrupt zone among otherwise mixed zones')],
    ['late registration accepts valid existing readings', unit('invariants: the validator reads whole logs; there is no late registration')],
    ['late registration rejects an invalid one', fx('a reading naming the wrong step')],
    ['position mismatch (expected turn 2/step 3)', fx('a reading naming the wrong step')],
    ['after a cancelled turn/end', fx('a reading after turn/end')],
    ['outside prompt assembly (after step/end, turn/start only, empty, after request/header)', fx('a reading after request/header', 'a reading after turn/end')],
    ['table of incoherent readings', fx('a reading naming turn 0', 'a reading with a second text block', 'a rendered timestamp 10 minutes after its event')],
    ['exact snapshot provenance', fx('a reading whose source carries an extra authority key')],
    ['seeded sessions.create after registration throws, and the session is absent', cannot('about the invariant companion\'s registration with DSH\'s session factory, which the kit does not have')],
    ['ignores other packages, user messages, and non-message events', fx('genuine two-turn log with a tool call (2026-08)')],
  ]),
  ...casesOf('time-context', 'tests/time-context.e2e.ts', [
    ['headless Loader smoke with TZ=Asia/Shanghai: two turns, two readings', fx('two turns under TZ=Asia/Shanghai')],
  ]),
];
