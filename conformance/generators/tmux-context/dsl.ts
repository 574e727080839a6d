import { renderReading, renderState } from '../../../reference/tmux-context/location.js';
import { EXAMPLE_PANE, tmuxStates, type TmuxEnv, type TmuxObservation, type TmuxPane, type TmuxState } from '../../host/services/shell.js';
import { pluginFromModule } from '../../loader/load-plugin.js';
import type { LogDraft, ScenarioDraft } from '../../scenario/draft.js';
import { executeScenario, type ScenarioActual } from '../../scenario/execute.js';
import { ScenarioFixture, type Outcome } from '../../scenario/schema.js';

/**
 * The small DSL the tmux-context scenarios and log fixtures are written in: the worlds (the example
 * pane and its variants, `env`), whole turns and environment moves, the outcomes a turn enters with,
 * `expecting` (the author checks), `priorTurns` (an initial log written by an earlier process),
 * `draft`, and for the log fixtures `hostLog` (a log the reference writes in the simulated host) plus
 * the edits that break one relation of it (`retext`, `move`, `insert`, all renumbering seqs).
 *
 * The plugin's real command runs in bash against stub `tmux`/`ps` (`env.tmux`, see
 * conformance/host/services/shell.ts), so a plugin is judged by what its command does, not by what it
 * claims.
 */

/** Provenance of every tmux-context fixture; committed fixtures name the generator by this path. */
export const GENERATOR = 'conformance/generators/tmux-context.ts';
export const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const HEADER = { type: 'session' as const, version: 0, id: 'session-tmux-context', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };

// ---------------------------------------------------------------------------------------------
// Worlds

export const PANE = EXAMPLE_PANE;
export const IN_PANE = tmuxStates.inPane(PANE);
export const stateWith = (change: Partial<TmuxPane>): TmuxState => tmuxStates.inPane({ ...PANE, ...change });
/** Texts of the readings the scenarios expect, written out from the spec's format. */
export const reading = (turn: number, pane: TmuxPane = PANE) => renderReading(renderState(pane), turn);

export function env(state: TmuxState, extra: Partial<Pick<TmuxEnv, 'shell' | 'failure'>> = {}) {
  return { clock: BASE, tz: 'UTC', header: HEADER, tmux: { shell: 'stub', state, failure: null, ...extra } satisfies TmuxEnv };
}

// ---------------------------------------------------------------------------------------------
// Actions

export type In = ScenarioDraft['actions'][number];

/** A whole turn: prompt, pre-step, request, assistant reply, turn end. */
export function turn(prompt: string): In[] {
  return [{ do: 'prompt', message: { text: prompt } }, { do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'ok' }, { do: 'turn-end' }];
}
/**
 * A turn without a model request: prompt, pre-step, turn end. Used where a wrong plugin may fail the
 * pre-step, so the scenario still runs to the end and the verdict names the pre-step outcome.
 */
export function shortTurn(prompt?: string): In[] {
  return [...(prompt === undefined ? [] : [{ do: 'prompt', message: { text: prompt } } as In]), { do: 'pre-step' }, { do: 'turn-end' }];
}
export const tmux = (change: { state?: TmuxState; failure?: TmuxEnv['failure'] }): In => ({ do: 'env', section: 'tmux', change });
export const advance = (ms: number): In => ({ do: 'clock', advance: ms });

// ---------------------------------------------------------------------------------------------
// Outcomes and author checks

export const loaded: Outcome = { kind: 'loaded' };
export const enter = (turnNo: number, appended: number, step = 1): Outcome => ({ kind: 'enter', turn: turnNo, step, appended });

export const ENTER_PROMPT_ONLY = 1;
export const ENTER_WITH_READING = 2;
export const WARNING = (reason: string) => `tmux location query failed: ${reason}; injecting no location this turn`;

function readingsOf(actual: ScenarioActual): string[] {
  return actual.rawLog
    .filter((e) => e.type === 'user/message' && (e.data as { source?: { plugin?: string } }).source?.plugin === 'tmux-context')
    .map((e) => ((e.data as { content: Array<{ text?: string }> }).content[0]?.text ?? '<non-text>'));
}

export function fail(message: string): never {
  throw new Error(`tmux-context generator: ${message}`);
}

/** Author checks: the readings the run added, the shell traffic, the warnings. */
export function expecting(want: {
  readings?: string[];
  /** Readings already in the initial log (not counted as added). */
  initialReadings?: number;
  queries?: number;
  runs?: number;
  warnings?: string[];
  extra?: (a: ScenarioActual) => void;
}) {
  return (actual: ScenarioActual) => {
    const added = readingsOf(actual).slice(want.initialReadings ?? 0);
    if (want.readings && JSON.stringify(added) !== JSON.stringify(want.readings)) fail(`readings ${JSON.stringify(added)}, intended ${JSON.stringify(want.readings)}`);
    const obs = actual.observations.tmux as TmuxObservation | undefined;
    if (want.queries !== undefined && obs?.resolves !== want.queries) fail(`${obs?.resolves} queries, intended ${want.queries}`);
    if (want.runs !== undefined && obs?.runs !== want.runs) fail(`${obs?.runs} commands run, intended ${want.runs}`);
    if (want.warnings && JSON.stringify(actual.warnings) !== JSON.stringify(want.warnings)) fail(`warnings ${JSON.stringify(actual.warnings)}, intended ${JSON.stringify(want.warnings)}`);
    want.extra?.(actual);
  };
}

// ---------------------------------------------------------------------------------------------
// Initial logs (earlier turns written by a previous process)

interface PriorTurn {
  at: number;
  /** Content of a tmux-context message written before the prompt in this turn. */
  reading?: Array<Record<string, unknown>>;
}

/** A valid log of completed turns, each with an optional tmux-context message. */
export function priorTurns(turns: PriorTurn[]): Array<{ type: string; seq: number; time: number; data: unknown; surfaceOp?: 'append'; sourceEventSeqs?: number[] }> {
  const events: ReturnType<typeof priorTurns> = [];
  let id = 0;
  const nextId = () => `6f1c1f1e-1111-4000-8000-${String(++id).padStart(12, '0')}`;
  turns.forEach((t, i) => {
    const turnNo = i + 1;
    const push = (type: string, data: unknown, extra: { surfaceOp?: 'append'; sourceEventSeqs?: number[] } = {}) =>
      events.push({ type, seq: events.length, time: t.at, data, ...extra });
    push('turn/start', { turn: turnNo });
    push('step/start', { turn: turnNo, step: 1 });
    if (t.reading) {
      const text = t.reading[0]?.type === 'text' ? String(t.reading[0].text) : '';
      push(
        'user/message',
        { content: t.reading, source: { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [{ name: 'tmux-context', text }] }, role: 'user', id: nextId() },
        { surfaceOp: 'append' },
      );
    }
    push('user/message', { content: [{ type: 'text', text: `earlier prompt ${turnNo}` }], source: { kind: 'user' }, role: 'user', id: nextId() }, { surfaceOp: 'append' });
    push('request/header', { header: { config: { provider: 'sim', model: 'sim-model' }, system: 'You are a simulated agent.' }, reason: turnNo === 1 ? 'initial' : 'resume' });
    push(
      'assistant/message',
      { turn: turnNo, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }], source: { kind: 'model', provider: 'sim', model: 'sim-model' }, id: nextId() } },
      { surfaceOp: 'append', sourceEventSeqs: [] },
    );
    push('step/end', { turn: turnNo, step: 1 });
    push('turn/end', { turn: turnNo, reason: { kind: 'completed' } });
  });
  return events;
}

// ---------------------------------------------------------------------------------------------

export function draft(d: Omit<ScenarioDraft, 'source' | 'revisions' | 'provenance'>): ScenarioDraft {
  // tmux-context is the same in both spec revisions.
  return { source: 'tmux-context', revisions: ['2026-08', '2026-07'], provenance: { generator: GENERATOR }, ...d };
}

/**
 * A world the plugin must leave alone: one turn in which its command runs once, finds no location it
 * can use, and the plugin injects nothing and warns nothing.
 */
export const silentNoOp = (category: ScenarioDraft['category'], title: string, rules: string[], state: TmuxState): ScenarioDraft =>
  draft({
    category,
    title,
    rules,
    env: env(state),
    actions: turn('where am I?'),
    expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
    check: expecting({ readings: [], runs: 1, warnings: [] }),
  });

// ---------------------------------------------------------------------------------------------
// Log fixtures: base logs written by the simulated host running the reference (so every core log
// rule holds), then one relation broken by hand. Edits renumber seqs, so insertions stay valid.

export type LogEvent = { type: string; seq: number; time: number; data: any; surfaceOp?: unknown; sourceEventSeqs?: number[] };

export async function hostLog(actions: In[], state: TmuxState = IN_PANE, config?: Record<string, unknown>): Promise<LogEvent[]> {
  const reference = pluginFromModule(await import('../../../reference/tmux-context/index.js'), 'reference', 'reference:tmux-context', 'tmux-context');
  const fixture = ScenarioFixture.pick({ env: true, actions: true, log: true, config: true }).parse({ env: env(state), actions, log: [], config });
  const actual = await executeScenario(reference.factory, fixture);
  return structuredClone(actual.rawLog) as LogEvent[];
}

const isReading = (e: LogEvent) => e.type === 'user/message' && e.data?.source?.plugin === 'tmux-context';
export const readingIndexes = (log: LogEvent[]) => log.flatMap((e, i) => (isReading(e) ? [i] : []));

/** Replace the reading's text (message and section alike). */
export function retext(e: LogEvent, text: string): void {
  e.data.content = [{ type: 'text', text }];
  e.data.source = { ...e.data.source, sections: [{ name: 'tmux-context', text }] };
}

/** Give events their new positions as seqs, remapping every seq reference (sourceEventSeqs, replace ranges). */
function renumber(events: LogEvent[]): LogEvent[] {
  const map = new Map(events.map((e, i) => [e.seq, i]));
  const remap = (seq: number) => map.get(seq) ?? seq;
  return events.map((e, seq) => {
    const out: LogEvent = { ...e, seq };
    if (e.sourceEventSeqs) out.sourceEventSeqs = e.sourceEventSeqs.map(remap);
    const op = e.surfaceOp as { op?: string; start: number; end: number } | undefined;
    if (op && typeof op === 'object' && op.op === 'replace') out.surfaceOp = { ...op, start: remap(op.start), end: remap(op.end) };
    return out;
  });
}

/** Move event `from` to sit just before index `to`. */
export function move(log: LogEvent[], from: number, to: number): LogEvent[] {
  const out = [...log];
  const [event] = out.splice(from, 1);
  out.splice(to > from ? to - 1 : to, 0, event);
  return renumber(out);
}

/** Insert `event` before index `at`. */
export function insert(log: LogEvent[], at: number, event: Omit<LogEvent, 'seq'>): LogEvent[] {
  const out = [...log];
  out.splice(at, 0, { ...event, seq: Number.NaN });
  return renumber(out);
}

export function logDraft(title: string, category: LogDraft['category'], rules: string[], log: LogEvent[], findings: string[], config?: Record<string, unknown>): LogDraft {
  return {
    source: 'tmux-context',
    category,
    title,
    rules,
    revisions: ['2026-08', '2026-07'],
    header: HEADER,
    log,
    findings,
    ...(config ? { config: { 'tmux-context': config } } : {}),
    provenance: { generator: GENERATOR },
  };
}
