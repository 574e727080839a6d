import type { z } from 'zod';
import type { SessionEvent } from '../../../invariants/log/types.js';
import { FORGERIES, insertBefore } from './forgeries.js';
import { referenceFor } from '../../../reference/time-context/index.js';
import { createTimestampFormatter, formatTimestamp, parseRenderedTimestamp } from '../../../reference/time-context/timestamp.js';
import type { SpecRevision } from '../../../spec/revisions.js';
import { pluginFromModule } from '../../loader/load-plugin.js';
import type { LogDraft } from '../../scenario/draft.js';
import { executeScenario } from '../../scenario/execute.js';
import type { Action } from '../../scenario/schema.js';
import { BASE, readingTexts } from './scenarios.js';

/**
 * Log fixtures for the time-context rules: genuine logs written by the reference in the simulated host
 * (clean: no findings), and forgeries of them, each with the exact multiset of rule ids the validator
 * must report. Random ids are replaced by fixed UUIDs so fixtures are byte-stable.
 */

const header = { type: 'session' as const, version: 0, id: 'session-time-context-log', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };
type ActionIn = z.input<typeof Action>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
function fixedIds(events: SessionEvent[]): SessionEvent[] {
  const seen = new Map<string, string>();
  return JSON.parse(
    JSON.stringify(events).replace(UUID, (id) => {
      if (!seen.has(id)) seen.set(id, `00000000-0000-4000-9000-${String(seen.size + 1).padStart(12, '0')}`);
      return seen.get(id)!;
    }),
  ) as SessionEvent[];
}

async function genuine(revision: SpecRevision, actions: ActionIn[], config: Record<string, unknown> = {}, tz = 'UTC'): Promise<SessionEvent[]> {
  const plugin = pluginFromModule(referenceFor(revision) as never, 'reference', 'reference', 'time-context');
  const actual = await executeScenario(plugin.factory, { config, env: { clock: BASE, tz, header }, log: [], actions } as never);
  return fixedIds(actual.rawLog);
}

const prompt = (text: string, zone?: string): ActionIn => ({ do: 'prompt', message: { text, source: zone ? { kind: 'user', rpcId: `rpc-${text}`, clientTimeZone: zone } : { kind: 'user' } } });
const tool: ActionIn = { do: 'assistant', text: 'calling', toolCalls: [{ name: 'read', arguments: { file_path: '/proj/a' }, result: 'ok' }] };

/** Readings of a log by index. */
const readingAt = (events: SessionEvent[], n: number): number => events.findIndex((e) => readingTexts([e]).length === 1 && n-- === 0);

function editText(events: SessionEvent[], at: number, edit: (text: string) => string): SessionEvent[] {
  const copy = structuredClone(events);
  const data = copy[at].data as { content: Array<{ text: string }>; source: { sections: Array<{ text: string }> } };
  data.content[0].text = edit(data.content[0].text);
  data.source.sections[0].text = data.content[0].text;
  return copy;
}

const forgery = (name: string) => {
  const f = FORGERIES.find((x) => x.name.startsWith(name));
  if (!f) throw new Error(`no forgery ${name}`);
  return (events: SessionEvent[], at: number): SessionEvent[] => {
    const out = f.forge(events, at);
    if (!out) throw new Error(`forgery ${name} does not apply`);
    return out.events;
  };
};

interface Fx {
  title: string;
  rules: string[];
  revisions?: SpecRevision[];
  config?: Record<string, unknown>;
  log: SessionEvent[];
  findings: string[];
  category?: LogDraft['category'];
}

export async function timeContextLogFixtures(): Promise<LogDraft[]> {
  // A two-step turn with a tool call, then a second turn 90 s later.
  const twoTurns = (rev: SpecRevision) => genuine(rev, [prompt('one'), { do: 'pre-step' }, { do: 'request' }, tool, { do: 'clock', advance: 61_000 }, { do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'done' }, { do: 'turn-end' }, { do: 'clock', advance: 90_000 }, prompt('two'), { do: 'pre-step' }]);
  const base08 = await twoTurns('2026-08');
  const base07 = await twoTurns('2026-07');
  // A browser-zoned turn.
  const zoned = await genuine('2026-08', [prompt('one', 'America/New_York'), { do: 'pre-step' }, { do: 'request' }, tool, { do: 'clock', advance: 5_000 }, { do: 'pre-step' }]);
  // Hard cases a correct plugin produces: compaction, restart, clock regression, interval suppression.
  const hard = (rev: SpecRevision) =>
    genuine(
      rev,
      [
        { do: 'clock', advance: 600_000 },
        prompt('one'),
        { do: 'pre-step' },
        { do: 'request' },
        tool,
        { do: 'clock', advance: -90_000 },
        { do: 'pre-step' },
        { do: 'request' },
        { do: 'assistant', text: 'done' },
        { do: 'turn-end' },
        { do: 'compact', keepLast: 0 },
        { do: 'restart' },
        { do: 'clock', advance: 30_000 },
        prompt('two'),
        { do: 'pre-step' },
        { do: 'request' },
        tool,
        { do: 'clock', advance: 60_000 },
        { do: 'pre-step' },
      ],
      { refreshIntervalMs: 60_000 },
    );
  const hard08 = await hard('2026-08');
  const hard07 = await hard('2026-07');
  // Readings 30 s apart (written with no interval).
  const close = await genuine('2026-08', [prompt('one'), { do: 'pre-step' }, { do: 'request' }, tool, { do: 'clock', advance: 30_000 }, { do: 'pre-step' }]);

  const r = (events: SessionEvent[], n: number) => readingAt(events, n);
  const fixtures: Fx[] = [
    { title: 'genuine two-turn log with a tool call (2026-08)', rules: ['TC-FORMAT-1', 'TC-POS-4', 'TC-ELAPSED-1', 'TC-BASE-1', 'TC-SRC-2'], log: base08, findings: [], category: 'format' },
    { title: 'genuine two-turn log with a tool call (2026-07)', rules: ['TC-FORMAT-1', 'TC-POS-5', 'TC-ELAPSED-1'], revisions: ['2026-07'], log: base07, findings: [], category: 'format' },
    { title: 'genuine browser-zoned turn', rules: ['TC-ZONE-1', 'TC-TIME-2', 'TC-TIME-3'], log: zoned, findings: [], category: 'mixed-time-zones' },
    {
      title: 'genuine log under clock regression, compaction, restart and a known interval (2026-08)',
      rules: ['TC-SCHED-1', 'TC-SAMPLE-1', 'TC-ELAPSED-1', 'TC-ELAPSED-2'],
      config: { refreshIntervalMs: 60_000 },
      log: hard08,
      findings: [],
      category: 'clock-regression',
    },
    {
      title: 'genuine log under clock regression, compaction, restart and a known interval (2026-07)',
      rules: ['TC-SCHED-1', 'TC-SAMPLE-1', 'TC-ELAPSED-1', 'TC-ELAPSED-2'],
      revisions: ['2026-07'],
      config: { refreshIntervalMs: 60_000 },
      log: hard07,
      findings: [],
      category: 'clock-regression',
    },
    { title: 'a 2026-08 three-line reading judged under 2026-07', rules: ['TC-FORMAT-1'], revisions: ['2026-07'], log: base08, findings: ['TC-FORMAT-1', 'TC-FORMAT-1', 'TC-FORMAT-1'], category: 'format' },
    { title: 'a 2026-07 two-line reading judged under 2026-08', rules: ['TC-FORMAT-1'], log: base07, findings: ['TC-FORMAT-1', 'TC-FORMAT-1', 'TC-FORMAT-1'], category: 'format' },
    { title: 'a reading with a second text block', rules: ['TC-CONTENT-1'], log: forgery('F7')(base08, r(base08, 2)), findings: ['TC-CONTENT-1'], category: 'forged-sources' },
    { title: '2026-07: a reading with a second text block', rules: ['TC-CONTENT-1'], revisions: ['2026-07'], log: forgery('F7')(base07, r(base07, 2)), findings: ['TC-CONTENT-1'], category: 'forged-sources' },
    { title: 'a reading naming turn 0', rules: ['TC-FORMAT-2'], log: editText(base08, r(base08, 2), (t) => t.replace('turn 2,', 'turn 0,')), findings: ['TC-FORMAT-2'], category: 'format' },
    // The core turn rules also object to the messages after the forged turn/end (LOG-TURN-2).
    { title: 'a reading after turn/end', rules: ['TC-POS-1'], log: forgery('F8')(base08, r(base08, 2)), findings: ['LOG-TURN-2', 'LOG-TURN-2', 'TC-POS-1'], category: 'log-structure' },
    {
      title: 'a reading after step/end',
      rules: ['TC-POS-2'],
      log: (() => {
        const at = r(base08, 2);
        return insertBefore(base08, at, { type: 'step/end', seq: 0, time: base08[at].time, data: { turn: 2, step: 1 } });
      })(),
      findings: ['TC-POS-2'],
      category: 'log-structure',
    },
    { title: 'a reading after request/header', rules: ['TC-POS-3'], log: forgery('F3')(base08, r(base08, 2)), findings: ['TC-POS-3'], category: 'log-structure' },
    { title: 'a reading naming the wrong step', rules: ['TC-POS-4'], log: editText(base08, r(base08, 1), (t) => t.replace('step 2:', 'step 3:')), findings: ['TC-POS-4'], category: 'log-structure' },
    {
      title: '2026-07: a reading after an assistant message of its step',
      rules: ['TC-POS-5'],
      revisions: ['2026-07'],
      log: (() => {
        const at = r(base07, 1);
        const assistant = base07.find((e) => e.type === 'assistant/message')!;
        // The assistant message names the reading's own step (turn 1, step 2), so only the position is wrong.
        return insertBefore(base07, at, { ...assistant, time: base07[at].time, data: { ...(assistant.data as object), step: 2 } });
      })(),
      findings: ['TC-POS-5'],
      category: 'log-structure',
    },
    { title: 'a reading whose source carries an extra authority key', rules: ['TC-SRC-2'], log: forgery('F4')(base08, r(base08, 0)), findings: ['TC-SRC-2'], category: 'forged-sources' },
    { title: '2026-07: a reading whose source carries an extra authority key', rules: ['TC-SRC-2'], revisions: ['2026-07'], log: forgery('F4')(base07, r(base07, 0)), findings: ['TC-SRC-2'], category: 'forged-sources' },
    { title: 'a reading whose policy line claims a zone no message carries', rules: ['TC-ZONE-1'], log: forgery('F6')(base08, r(base08, 0)), findings: ['TC-ZONE-1'], category: 'mixed-time-zones' },
    { title: 'a corrupt browser zone in the turn of a reading', rules: ['TC-ZONE-2'], log: forgery('F13')(zoned, r(zoned, 1)), findings: ['TC-ZONE-2'], category: 'mixed-time-zones' },
    { title: 'a later step labelled with the step-1 baseline', rules: ['TC-BASE-1'], log: editText(base08, r(base08, 1), (t) => t.replace('step context', 'model-visible message')), findings: ['TC-BASE-1'], category: 'format' },
    { title: 'a rendered timestamp 10 minutes after its event', rules: ['TC-TIME-1'], log: forgery('F1')(base08, r(base08, 0)), findings: ['TC-TIME-1'], category: 'forged-sources' },
    {
      title: 'a reading of a browser-zoned turn rendered in UTC',
      rules: ['TC-TIME-3'],
      log: editText(zoned, r(zoned, 0), (t) => t.replace(/: (\S+\[America\/New_York\])\n/, (_, ts) => `: ${formatTimestamp(parseRenderedTimestamp(ts), createTimestampFormatter('UTC'), 'UTC')}\n`)),
      findings: ['TC-TIME-3'],
      category: 'mixed-time-zones',
    },
    { title: 'an elapsed value the log contradicts', rules: ['TC-ELAPSED-1'], log: forgery('F9')(base08, r(base08, 1)), findings: ['TC-ELAPSED-1'], category: 'forged-sources' },
    { title: '2026-07: an elapsed value the log contradicts', rules: ['TC-ELAPSED-1'], revisions: ['2026-07'], log: forgery('F9')(base07, r(base07, 1)), findings: ['TC-ELAPSED-1'], category: 'forged-sources' },
    { title: 'an elapsed value in non-canonical form (60s for 1m 0s)', rules: ['TC-ELAPSED-1'], log: editText(base08, r(base08, 1), (t) => t.replace(': 1m 1s.', ': 61s.')), findings: ['TC-ELAPSED-1'], category: 'format' },
    { title: '"unavailable" although a baseline exists', rules: ['TC-ELAPSED-2'], log: editText(base08, r(base08, 1), (t) => t.replace(': 1m 1s.', ': unavailable.')), findings: ['TC-ELAPSED-2'], category: 'forged-sources' },
    { title: 'a duration although no baseline exists', rules: ['TC-ELAPSED-2'], log: forgery('F9')(base08, r(base08, 0)), findings: ['TC-ELAPSED-2'], category: 'forged-sources' },
    { title: 'a reading back-dated by one day', rules: ['TC-SAMPLE-1'], log: forgery('F10')(base08, r(base08, 2)), findings: ['TC-ELAPSED-1', 'TC-SAMPLE-1'], category: 'clock-regression' },
    { title: 'readings 30 s apart with refreshIntervalMs 60000 known', rules: ['TC-SCHED-1'], config: { refreshIntervalMs: 60_000 }, log: close, findings: ['TC-SCHED-1'], category: 'interval-scheduling' },
    { title: 'two readings in one step', rules: ['TC-SCHED-2'], log: forgery('F12')(base08, r(base08, 1)), findings: ['TC-SCHED-2'], category: 'interval-scheduling' },
    { title: '2026-07: two readings in one step', rules: ['TC-SCHED-2'], revisions: ['2026-07'], log: forgery('F12')(base07, r(base07, 1)), findings: ['TC-SCHED-2'], category: 'interval-scheduling' },
  ];
  return fixtures.map((f) => ({
    source: 'time-context',
    category: f.category ?? 'forged-sources',
    title: f.title,
    rules: f.rules,
    revisions: f.revisions ?? ['2026-08'],
    config: f.config ? { 'time-context': f.config } : undefined,
    header,
    log: f.log,
    findings: f.findings,
    provenance: { generator: 'time-context' },
  }));
}
