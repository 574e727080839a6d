import type { ScenarioActual } from './execute.js';
import { lookupWarning, normativeOutcome, outcomeNote } from './normative.js';
import type { Outcome, ScenarioFixture } from './schema.js';

/**
 * Judging a scenario: expected vs actual, by the verdict classes of spec/verdicts.md. Here only `pass`
 * and `fail` arise: a turn failure or load failure the revision does not expect is something the plugin
 * did that the revision does not allow, so it is a `fail` with the difference. `error` (the plugin broke
 * the host contract: hung, ended the process, crashed where no outcome is defined) and `Not testable:`
 * (the kit could not run the check) come from the runner. Only normative content is compared
 * (`normative.ts`); a non-normative difference is an `info` note on the verdict.
 */
export interface Difference {
  /** Where, as a path into the expectation, e.g. `log[5].data.content[0].text`. */
  path: string;
  expected: unknown;
  actual: unknown;
}

export interface Verdict {
  status: 'pass' | 'fail' | 'error';
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

function describeOutcome(o: Outcome | undefined): string {
  if (o === undefined) return 'nothing';
  switch (o.kind) {
    case 'enter':
      return `enter turn ${o.turn}/step ${o.step} with ${o.appended} message(s)`;
    case 'completed-empty':
      return `an empty first step (turn ${o.turn} completed)`;
    case 'reject':
      return `reject at turn ${o.turn}/step ${o.step}`;
    case 'error':
      return `a failed turn ${o.turn}/step ${o.step}: ${o.error.name}: ${o.error.message}`;
    case 'loaded':
      return 'a successful load';
    case 'load-error':
      return `a load-time ${o.error.name}: ${o.error.message}`;
  }
}

/** Describe a log event compactly for messages: `seq 5 user/message "Time sampled..."`. */
function describeEvent(event: unknown, withText = true): string {
  if (!event || typeof event !== 'object') return String(event);
  const e = event as { seq?: number; type?: string; data?: { content?: Array<{ text?: unknown }>; source?: { kind?: string; plugin?: string } } };
  const text = e.data?.content?.[0]?.text;
  const src = e.data?.source ? ` source ${e.data.source.kind}${e.data.source.plugin ? `/${e.data.source.plugin}` : ''}` : '';
  return `seq ${e.seq} ${e.type}${src}${withText && typeof text === 'string' ? ` ${JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text)}` : ''}`;
}

/** For two texts, the first differing line: `line 2: expected "…", got "…"`. */
export function describeTextDifference(expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== 'string' || typeof actual !== 'string') return undefined;
  const e = expected.split('\n');
  const a = actual.split('\n');
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) {
      const show = (line: string | undefined) => (line === undefined ? '(no line)' : JSON.stringify(line));
      return `text line ${i + 1}: expected ${show(e[i])}, got ${show(a[i])}`;
    }
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
    return { status: 'fail', message: `action outcome ${i + 1}: expected ${describeOutcome(e)}, got ${describeOutcome(a)}`, diff: d };
  }
  const logDiff = firstDifference(expect.log, actual.log, 'log');
  if (logDiff) {
    const index = Number(/^log\[(\d+)\]/.exec(logDiff.path)?.[1] ?? -1);
    const e = expect.log[index];
    const a = actual.log[index];
    const where = !e ? `an extra event ${describeEvent(a)}` : !a ? `a missing event ${describeEvent(e)}` : `${describeEvent(e, false)}, at ${logDiff.path.slice(`log[${index}]`.length + 1) || 'the event'}`;
    const text = describeTextDifference(logDiff.expected, logDiff.actual);
    return { status: 'fail', message: `durable log differs: ${where}${text ? `: ${text}` : ''}`, diff: logDiff };
  }
  const warnDiff = firstDifference(expect.warnings, actual.warnings, 'warnings');
  if (warnDiff) return { status: 'fail', message: `logged warnings differ: expected ${JSON.stringify(expect.warnings)}, got ${JSON.stringify(actual.warnings)}`, diff: warnDiff };
  for (const [section, expected] of Object.entries(expect.observations)) {
    const d = firstDifference(expected, actual.observations[section], `observations.${section}`);
    if (d) return { status: 'fail', message: `${section} observations differ at ${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`, diff: d };
  }
  return { status: 'pass', message: 'ok' };
}
