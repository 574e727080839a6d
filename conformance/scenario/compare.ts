import type { ScenarioActual } from './execute.js';
import { lookupWarning, normativeOutcome, outcomeNote } from './normative.js';
import { renderReason } from '../results/messages.js';
import type { EventSummary, JudgementReason } from '../results/reasons.js';
import type { ScenarioFixture } from './schema.js';

/**
 * Judging a scenario: expected vs actual, by the verdict classes of spec/verdicts.md. Here only `pass`
 * and `fail` arise: a turn failure or load failure the revision does not expect is something the plugin
 * did that the revision does not allow, so it is a `fail` with the difference. `error` (the plugin broke
 * the host contract: hung, ended the process, crashed where no outcome is defined) and `Not testable:`
 * (the kit could not run the check) come from the runner. Only normative content is compared
 * (`normative.ts`); a non-normative difference is an `info` note on the verdict. A verdict's `reason`
 * is data (a code and its data); its `message` is that reason rendered, in `results/messages.ts`.
 */
export interface Difference {
  /** Where, as a path into the expectation, e.g. `log[5].data.content[0].text`. */
  path: string;
  expected: unknown;
  actual: unknown;
}

export interface Verdict {
  status: 'pass' | 'fail' | 'error';
  /** Why, as data (`conformance/results/reasons.ts`). */
  reason: JudgementReason;
  /** The reason rendered (`renderReason(reason)`): the text reporters print. */
  message: string;
  diff?: Difference;
  /** Non-normative differences (an error's class or a load failure's wording): never a failure. */
  infos?: string[];
  /** Things that may explain a failure, e.g. a lookup of a service the host does not offer. */
  warnings?: string[];
}

/** The first place two JSON values differ, depth first, or undefined when equal. */
export function firstDifference(expected: unknown, actual: unknown, path = ''): Difference | undefined {
  if (Object.is(expected, actual)) return undefined;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (expected.length !== actual.length) {
      return { path: `${path}[${n}]`, expected: expected[n] ?? '(nothing)', actual: actual[n] ?? '(nothing)' };
    }
    return undefined;
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object' && !Array.isArray(expected) && !Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const k of keys) {
      const e = (expected as Record<string, unknown>)[k];
      const a = (actual as Record<string, unknown>)[k];
      if (e === undefined && a !== undefined) return { path: `${path}.${k}`, expected: '(absent)', actual: a };
      if (a === undefined && e !== undefined) return { path: `${path}.${k}`, expected: e, actual: '(absent)' };
      const d = firstDifference(e, a, `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return { path, expected, actual };
}

/** A value as the JSON report carries it (keys whose value is undefined dropped), so a reason reads back unchanged. */
function jsonData<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A log event as a reason names it (the message template words it). */
function summariseEvent(event: unknown): EventSummary {
  if (!event || typeof event !== 'object') return {};
  const e = event as { seq?: number; type?: string; data?: { content?: Array<{ text?: unknown }>; source?: { kind?: string; plugin?: string } } };
  const text = e.data?.content?.[0]?.text;
  return {
    ...(e.seq !== undefined ? { seq: e.seq } : {}),
    ...(e.type !== undefined ? { type: e.type } : {}),
    ...(e.data?.source ? { source: { ...(e.data.source.kind !== undefined ? { kind: e.data.source.kind } : {}), ...(e.data.source.plugin !== undefined ? { plugin: e.data.source.plugin } : {}) } } : {}),
    ...(typeof text === 'string' ? { text } : {}),
  };
}

/** For two texts, their first differing line (1-based), or undefined when they are not two differing texts. */
function textLineDifference(expected: unknown, actual: unknown): { line: number; expected: string | null; actual: string | null } | undefined {
  if (typeof expected !== 'string' || typeof actual !== 'string') return undefined;
  const e = expected.split('\n');
  const a = actual.split('\n');
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) return { line: i + 1, expected: e[i] ?? null, actual: a[i] ?? null };
  }
  return undefined;
}

export function judgeScenario(expect: ScenarioFixture['expect'], actual: ScenarioActual): Verdict {
  const notes: Pick<Verdict, 'infos' | 'warnings'> = {};
  const warnings = (actual.lookups ?? []).map(lookupWarning);
  if (warnings.length) notes.warnings = warnings;
  const infos: string[] = [];
  const verdict = compareNormative(expect, actual, infos);
  if (infos.length) notes.infos = infos;
  return { ...verdict, ...notes };
}

/** A verdict from its reason: the message is the reason rendered (`conformance/results/messages.ts`). */
export function verdictOf(status: Verdict['status'], reason: JudgementReason, diff?: Difference): Verdict {
  return { status, reason, message: renderReason(reason), ...(diff ? { diff } : {}) };
}

function compareNormative(expect: ScenarioFixture['expect'], actual: ScenarioActual, infos: string[]): Verdict {
  // Outcomes first: where the plugin departs from the expected course, everything after follows from it.
  for (let i = 0; i < Math.max(expect.outcomes.length, actual.outcomes.length); i++) {
    const e = expect.outcomes[i];
    const a = actual.outcomes[i];
    const d = firstDifference(normativeOutcome(e), normativeOutcome(a), `outcomes[${i}]`);
    if (!d) {
      const note = e && a ? outcomeNote(i, e, a) : undefined;
      if (note) infos.push(note);
      continue;
    }
    return verdictOf('fail', { code: 'outcome-mismatch', data: { action: i + 1, expected: jsonData(e) ?? null, actual: jsonData(a) ?? null } }, d);
  }
  const logDiff = firstDifference(expect.log, actual.log, 'log');
  if (logDiff) {
    const index = Number(/^log\[(\d+)\]/.exec(logDiff.path)?.[1] ?? -1);
    const e = expect.log[index];
    const a = actual.log[index];
    const text = textLineDifference(logDiff.expected, logDiff.actual);
    const change = !e ? 'extra' : !a ? 'missing' : 'changed';
    return verdictOf(
      'fail',
      {
        code: 'log-difference',
        data: {
          path: logDiff.path,
          change,
          event: summariseEvent(e ?? a),
          ...(change === 'changed' ? { at: logDiff.path.slice(`log[${index}]`.length + 1) } : {}),
          ...(text ? { text } : {}),
        },
      },
      logDiff,
    );
  }
  const warnDiff = firstDifference(expect.warnings, actual.warnings, 'warnings');
  if (warnDiff) return verdictOf('fail', { code: 'warnings-difference', data: { expected: expect.warnings, actual: actual.warnings } }, warnDiff);
  for (const [section, expected] of Object.entries(expect.observations)) {
    const d = firstDifference(expected, actual.observations[section], `observations.${section}`);
    if (d) return verdictOf('fail', { code: 'observations-difference', data: { section, path: d.path, ...jsonData({ expected: d.expected, actual: d.actual }) } }, d);
  }
  return verdictOf('pass', { code: 'ok', data: {} });
}
