import { renderReading, renderState } from '../../reference/tmux-context/location.js';
import { EXAMPLE_PANE, tmuxStates, type TmuxEnv, type TmuxObservation, type TmuxPane, type TmuxState } from '../host/services/shell.js';
import { pluginFromModule } from '../loader/load-plugin.js';
import type { LogDraft, ScenarioDraft } from '../scenario/draft.js';
import { executeScenario, type ScenarioActual } from '../scenario/execute.js';
import { ScenarioFixture, type Outcome } from '../scenario/schema.js';

/**
 * tmux-context conformance scenarios and validator log fixtures.
 *
 * Every upstream test case (research upstream-sources §2.4) is one scenario, plus the probes that
 * separate subtly wrong implementations (§5): compaction shadowing the previous reading, restart,
 * clock regression, the interval boundary, an inherited `$TMUX_PANE`. The plugin's real command runs
 * in bash against stub `tmux`/`ps` (`env.tmux`, see conformance/host/services/shell.ts), so a plugin
 * is judged by what its command does, not by what it claims.
 *
 * Expectations are computed by the reference and cross-checked against the published rc.8 package;
 * `expectOutcomes` and `check` pin the intent so a reference bug cannot become the spec.
 */

const GENERATOR = 'conformance/generators/tmux-context.ts';
export const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const HEADER = { type: 'session' as const, version: 0, id: 'session-tmux-context', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };

// ---------------------------------------------------------------------------------------------
// Worlds

const PANE = EXAMPLE_PANE;
const IN_PANE = tmuxStates.inPane(PANE);
const stateWith = (change: Partial<TmuxPane>): TmuxState => tmuxStates.inPane({ ...PANE, ...change });
/** Texts of the readings the scenarios expect, written out from the spec's format. */
const reading = (turn: number, pane: TmuxPane = PANE) => renderReading(renderState(pane), turn);

function env(state: TmuxState, extra: Partial<Pick<TmuxEnv, 'shell' | 'failure'>> = {}) {
  return { clock: BASE, tz: 'UTC', header: HEADER, tmux: { shell: 'stub', state, failure: null, ...extra } satisfies TmuxEnv };
}

// ---------------------------------------------------------------------------------------------
// Actions

type In = ScenarioDraft['actions'][number];

/** A whole turn: prompt, pre-step, request, assistant reply, turn end. */
function turn(prompt: string): In[] {
  return [{ do: 'prompt', message: { text: prompt } }, { do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'ok' }, { do: 'turn-end' }];
}
/**
 * A turn without a model request: prompt, pre-step, turn end. Used where a wrong plugin may fail the
 * pre-step, so the scenario still runs to the end and the verdict names the pre-step outcome.
 */
function shortTurn(prompt?: string): In[] {
  return [...(prompt === undefined ? [] : [{ do: 'prompt', message: { text: prompt } } as In]), { do: 'pre-step' }, { do: 'turn-end' }];
}
const tmux = (change: { state?: TmuxState; failure?: TmuxEnv['failure'] }): In => ({ do: 'env', section: 'tmux', change });
const advance = (ms: number): In => ({ do: 'clock', advance: ms });

// ---------------------------------------------------------------------------------------------
// Outcomes and author checks

const loaded: Outcome = { kind: 'loaded' };
const enter = (turnNo: number, appended: number, step = 1): Outcome => ({ kind: 'enter', turn: turnNo, step, appended });

function readingsOf(actual: ScenarioActual): string[] {
  return actual.rawLog
    .filter((e) => e.type === 'user/message' && (e.data as { source?: { plugin?: string } }).source?.plugin === 'tmux-context')
    .map((e) => ((e.data as { content: Array<{ text?: string }> }).content[0]?.text ?? '<non-text>'));
}

function fail(message: string): never {
  throw new Error(`tmux-context generator: ${message}`);
}

/** Author checks: the readings the run added, the shell traffic, the warnings. */
function expecting(want: {
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
function priorTurns(turns: PriorTurn[]): Array<{ type: string; seq: number; time: number; data: unknown; surfaceOp?: 'append'; sourceEventSeqs?: number[] }> {
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

function draft(d: Omit<ScenarioDraft, 'source' | 'spec' | 'provenance'>): ScenarioDraft {
  // tmux-context is the same in both spec revisions.
  return { source: 'tmux-context', spec: ['2026-08', '2026-07'], provenance: { generator: GENERATOR }, ...d };
}

const ENTER_PROMPT_ONLY = 1;
const ENTER_WITH_READING = 2;
const WARNING = (reason: string) => `tmux location query failed: ${reason}; injecting no location this turn`;

export function scenarios(): ScenarioDraft[] {
  return [
    // --- upstream §2.4 #1, #2
    draft({
      category: 'format',
      title: 'injects the tmux location on the first step of a turn, before the batch, with the snapshot source',
      rules: ['TMUX-REQ-6', 'TMUX-REQ-9', 'TMUX-SRC-1', 'TMUX-SRC-2', 'TMUX-FMT-1', 'TMUX-FMT-2', 'TMUX-TURN-1', 'TMUX-POS-1', 'TMUX-POS-3'],
      env: env(IN_PANE),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING)],
      check: expecting({
        readings: [reading(1)],
        queries: 1,
        extra(actual) {
          // The spec's own example, spelled out: an independent check of the rendering.
          const text =
            'tmux location (turn 1):\nsession 0, window 1 "node", pane 2 %90\n' +
            'window active=1, pane active=0, layout d517,270x71,0,0{135x71,0,0,87,134x71,136,0[134x35,136,0,90,134x35,136,36,93]}';
          const first = actual.rawLog[2]; // turn/start, step/start, then the batch
          const data = first.data as { content: unknown; source: unknown };
          if (JSON.stringify(data.content) !== JSON.stringify([{ type: 'text', text }])) fail(`the first message of the batch is ${JSON.stringify(data.content)}`);
          const source = { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [{ name: 'tmux-context', text }] };
          if (JSON.stringify(data.source) !== JSON.stringify(source)) fail(`source ${JSON.stringify(data.source)}`);
          if (first.surfaceOp !== 'append') fail('the reading is not appended');
        },
      }),
    }),
    draft({
      category: 'discovery',
      title: 'queries the pane this process runs in and matches its controlling tty',
      rules: ['TMUX-REQ-5'],
      env: env(IN_PANE),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING)],
      check: expecting({
        runs: 1,
        extra(actual) {
          const [command] = (actual.observations.tmux as TmuxObservation).commands;
          for (const part of ['[ -n "$TMUX_PANE" ]', 'tmux display-message -t "$TMUX_PANE" -p', 'ps -o tty= -p <pid>', '#{pane_tty}', '[ "$pane_tty" = "/dev/$self_tty" ]']) {
            if (!command.includes(part)) fail(`the command lacks ${part}`);
          }
        },
      }),
    }),
    draft({
      category: 'discovery',
      title: 'an inherited $TMUX/$TMUX_PANE (another tty than the pane\'s) is not in tmux: no reading, no warning',
      rules: ['TMUX-REQ-5', 'TMUX-REQ-7'],
      env: env(tmuxStates.inherited(PANE)),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    draft({
      category: 'discovery',
      title: 'a process without a controlling tty inside a tmux environment reads as not in tmux',
      rules: ['TMUX-REQ-5', 'TMUX-REQ-7'],
      env: env({ ...IN_PANE, processTty: null }),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    draft({
      category: 'discovery',
      title: '$TMUX_PANE naming a pane that no longer exists is a silent no-op',
      rules: ['TMUX-REQ-5', 'TMUX-REQ-7'],
      env: env({ ...IN_PANE, env: { ...IN_PANE.env, TMUX_PANE: '%404' } }),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    // --- #3
    draft({
      category: 'interval-scheduling',
      title: 'does not run on later steps of a turn',
      rules: ['TMUX-REQ-2', 'TMUX-POS-1', 'TMUX-ONCE-1'],
      env: env(IN_PANE),
      actions: [
        { do: 'prompt', message: { text: 'list files' } },
        { do: 'pre-step' },
        { do: 'request' },
        { do: 'assistant', toolCalls: [{ name: 'bash', arguments: { command: 'ls' }, result: 'a b' }] },
        { do: 'step-end' },
        tmux({ state: stateWith({ windowName: 'renamed' }) }),
        { do: 'pre-step' },
        { do: 'request' },
        { do: 'assistant', text: 'done' },
        { do: 'turn-end' },
      ],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(1, 0, 2)],
      check: expecting({ readings: [reading(1)], runs: 1 }),
    }),
    // --- #4
    draft({
      category: 'format',
      title: 're-injects on a new turn only when the tmux state changed (the turn line is not compared)',
      rules: ['TMUX-REQ-8', 'TMUX-CHANGE-1'],
      env: env(IN_PANE),
      actions: [...turn('one'), ...turn('two'), tmux({ state: stateWith({ windowName: 'editor', paneId: '%91' }) }), ...turn('three')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY), enter(3, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1), reading(3, { ...PANE, windowName: 'editor', paneId: '%91' })], runs: 3 }),
    }),
    // --- #5
    draft({
      category: 'interval-scheduling',
      title: 'a positive refresh interval suppresses a changed location without querying, then injects after it',
      rules: ['TMUX-REQ-4', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 10_000 },
      env: env(IN_PANE),
      actions: [...turn('one'), tmux({ state: stateWith({ windowName: 'logs' }) }), advance(4_000), ...turn('two'), advance(7_000), ...turn('three')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY), enter(3, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1), reading(3, { ...PANE, windowName: 'logs' })], queries: 2, runs: 2 }),
    }),
    // interval boundary
    draft({
      category: 'interval-scheduling',
      title: 'the interval boundary: 1 ms short suppresses without a query, exactly refreshIntervalMs injects',
      rules: ['TMUX-REQ-4', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 10_000 },
      env: env(IN_PANE),
      actions: [...turn('one'), tmux({ state: stateWith({ windowActive: '0' }) }), advance(9_999), ...turn('two'), advance(1), ...turn('three')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY), enter(3, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1), reading(3, { ...PANE, windowActive: '0' })], runs: 2 }),
    }),
    draft({
      category: 'interval-scheduling',
      title: 'after the interval an unchanged location is queried (cost paid) but not re-injected',
      rules: ['TMUX-REQ-4', 'TMUX-REQ-8', 'TMUX-CHANGE-1'],
      config: { refreshIntervalMs: 10_000 },
      env: env(IN_PANE),
      actions: [...turn('one'), advance(60_000), ...turn('two')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [reading(1)], runs: 2 }),
    }),
    // clock regression
    draft({
      category: 'clock-regression',
      title: 'a clock that went backwards does not suppress: the changed location is queried and injected',
      rules: ['TMUX-REQ-4', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 60_000 },
      env: env(IN_PANE),
      actions: [...turn('one'), tmux({ state: stateWith({ paneActive: '1' }) }), advance(-5_000), ...turn('two')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1), reading(2, { ...PANE, paneActive: '1' })], runs: 2 }),
    }),
    // --- #6
    draft({
      category: 'parsing',
      title: 'a prior non-text tmux-context message counts as no previous reading: no interval, no comparison',
      rules: ['TMUX-REQ-3', 'TMUX-CHANGE-1', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 60_000 },
      env: env(IN_PANE),
      log: priorTurns([
        { at: BASE - 600_000, reading: [{ type: 'text', text: reading(1) }] },
        { at: BASE - 1_000, reading: [{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
      ]),
      actions: turn('three'),
      expectOutcomes: [loaded, enter(3, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(3)], initialReadings: 2, runs: 1 }),
    }),
    // --- #7
    draft({
      category: 'parsing',
      title: 'a prior single-line tmux-context reading has an empty state block',
      rules: ['TMUX-REQ-3', 'TMUX-CHANGE-1'],
      env: env(IN_PANE),
      log: priorTurns([{ at: BASE - 60_000, reading: [{ type: 'text', text: 'tmux location (turn 1):' }] }]),
      actions: turn('two'),
      expectOutcomes: [loaded, enter(2, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(2)], initialReadings: 1, runs: 1 }),
    }),
    draft({
      category: 'restart',
      title: 'a reading written by an earlier process suppresses an unchanged location',
      rules: ['TMUX-REQ-3', 'TMUX-CHANGE-1'],
      env: env(IN_PANE),
      log: priorTurns([{ at: BASE - 60_000, reading: [{ type: 'text', text: reading(1) }] }]),
      actions: turn('two'),
      expectOutcomes: [loaded, enter(2, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], initialReadings: 1, runs: 1 }),
    }),
    // --- #8
    draft({
      category: 'failure-containment',
      title: 'is a no-op when no shell executor is mounted',
      rules: ['TMUX-REQ-2'],
      env: env(IN_PANE, { shell: 'none' }),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], queries: 0, warnings: [] }),
    }),
    // --- #9
    draft({
      category: 'failure-containment',
      title: 'is a silent no-op outside tmux (the query exits non-zero)',
      rules: ['TMUX-REQ-7'],
      env: env(tmuxStates.outside()),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'is a silent no-op when $TMUX_PANE is set but no tmux server is running',
      rules: ['TMUX-REQ-7'],
      env: env({ ...IN_PANE, server: null }),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    // --- #10
    draft({
      category: 'parsing',
      title: 'wrong field count (a window name containing a literal backslash-t) is a silent no-op',
      rules: ['TMUX-REQ-7'],
      env: env(stateWith({ windowName: 'a\\tb' })),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    // --- #11
    draft({
      category: 'parsing',
      title: 'an empty pane id (a tmux without #{pane_id}) is a silent no-op',
      rules: ['TMUX-REQ-7'],
      env: env({ ...IN_PANE, server: { panes: [PANE], unsupportedFormats: ['pane_id'] } }),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], runs: 1, warnings: [] }),
    }),
    // --- #12, #13, #14
    draft({
      category: 'failure-containment',
      title: 'warns and injects nothing when the executor rejects the run; the turn continues',
      rules: ['TMUX-REQ-6'],
      env: env(IN_PANE, { failure: { at: 'run', throws: { kind: 'error', message: 'spawn bash EAGAIN' } } }),
      actions: shortTurn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], warnings: [WARNING('spawn bash EAGAIN')] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'warns and injects nothing when the executor rejects the command at resolve (policy denial)',
      rules: ['TMUX-REQ-6'],
      env: env(IN_PANE, { failure: { at: 'resolve', throws: { kind: 'error', message: 'policy: command denied by approval' } } }),
      actions: shortTurn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [], queries: 1, runs: 0, warnings: [WARNING('policy: command denied by approval')] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'reports a non-Error rejection in the warning',
      rules: ['TMUX-REQ-6'],
      env: env(IN_PANE, { failure: { at: 'run', throws: { kind: 'value', value: 'spawn refused' } } }),
      actions: [...shortTurn('one'), tmux({ failure: null }), ...turn('two')],
      expectOutcomes: [loaded, enter(1, ENTER_PROMPT_ONLY), enter(2, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(2)], warnings: [WARNING('spawn refused')] }),
    }),
    // --- #15
    draft({
      category: 'failure-containment',
      title: 'skips an already-aborted prompt submission, then injects on a later live step 1',
      rules: ['TMUX-REQ-1'],
      env: env(IN_PANE),
      actions: [{ do: 'prompt', message: { text: 'aborted' } }, { do: 'pre-step', abortBefore: true }, ...turn('live')],
      expectOutcomes: [
        loaded,
        { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'prompt submission aborted' } },
        enter(2, ENTER_WITH_READING),
      ],
      check: expecting({ readings: [reading(2)], queries: 1 }),
    }),
    // delegation first
    draft({
      category: 'ordering',
      title: 'a downstream reject passes through: no query, no reading',
      rules: ['TMUX-REQ-1'],
      env: env(IN_PANE),
      actions: [{ do: 'prompt', message: { text: 'blocked' } }, { do: 'pre-step', downstream: { kind: 'reject' } }, ...turn('next')],
      expectOutcomes: [loaded, { kind: 'reject', turn: 1, step: 1 }, enter(2, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(2)], queries: 1 }),
    }),
    draft({
      category: 'ordering',
      title: 'a downstream failure fails the turn before any query or reading',
      rules: ['TMUX-REQ-1'],
      env: env(IN_PANE),
      actions: [{ do: 'prompt', message: { text: 'fails' } }, { do: 'pre-step', downstream: { kind: 'throw', message: 'downstream exploded' } }],
      expectOutcomes: [loaded, { kind: 'error', turn: 1, step: 1, error: { name: 'Error', message: 'downstream exploded' } }],
      check: expecting({ readings: [], queries: 0 }),
    }),
    draft({
      category: 'ordering',
      title: 'the reading goes before every message of the batch, including downstream additions',
      rules: ['TMUX-REQ-9', 'TMUX-POS-3'],
      env: env(IN_PANE),
      actions: [
        { do: 'prompt', message: { text: 'steer me' }, lane: 'next-step' },
        { do: 'prompt', message: { text: 'the prompt' } },
        { do: 'pre-step', downstream: { kind: 'enter', add: [{ text: 'downstream context', source: { kind: 'plugin', plugin: 'other' } }] } },
        { do: 'request' },
        { do: 'assistant', text: 'ok' },
        { do: 'turn-end' },
      ],
      expectOutcomes: [loaded, enter(1, 4)],
      check: expecting({
        readings: [reading(1)],
        extra(actual) {
          const texts = actual.rawLog.filter((e) => e.type === 'user/message').map((e) => (e.data as { content: Array<{ text: string }> }).content[0].text);
          if (JSON.stringify(texts) !== JSON.stringify([reading(1), 'steer me', 'the prompt', 'downstream context'])) fail(`batch order ${JSON.stringify(texts)}`);
        },
      }),
    }),
    draft({
      category: 'ordering',
      title: 'an empty first step becomes a step holding only the reading',
      rules: ['TMUX-REQ-9'],
      env: env(IN_PANE),
      actions: shortTurn(),
      expectOutcomes: [loaded, enter(1, 1)],
      check: expecting({ readings: [reading(1)] }),
    }),
    // compaction, restart
    draft({
      category: 'compaction',
      title: 'a reading shadowed by compaction still suppresses an unchanged location (raw log, not the surface)',
      rules: ['TMUX-REQ-3', 'TMUX-CHANGE-1'],
      env: env(IN_PANE),
      actions: [...turn('one'), { do: 'compact', keepLast: 0 }, ...turn('two')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [reading(1)], runs: 2 }),
    }),
    draft({
      category: 'compaction',
      title: 'a shadowed reading still starts the refresh interval',
      rules: ['TMUX-REQ-3', 'TMUX-REQ-4', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 60_000 },
      env: env(IN_PANE),
      actions: [...turn('one'), { do: 'compact', keepLast: 0 }, tmux({ state: stateWith({ windowName: 'vim' }) }), advance(30_000), ...turn('two'), advance(30_000), ...turn('three')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_PROMPT_ONLY), enter(3, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1), reading(3, { ...PANE, windowName: 'vim' })], runs: 2 }),
    }),
    draft({
      category: 'restart',
      title: 'after a restart the log alone decides: the interval still holds, then a change injects and an unchanged location is suppressed',
      rules: ['TMUX-REQ-3', 'TMUX-REQ-4', 'TMUX-CHANGE-1', 'TMUX-INTERVAL-1'],
      config: { refreshIntervalMs: 60_000 },
      env: env(IN_PANE),
      actions: [
        ...turn('one'),
        { do: 'restart' },
        tmux({ state: stateWith({ windowIndex: '3' }) }),
        advance(30_000),
        ...turn('two'),
        { do: 'restart' },
        advance(30_000),
        ...turn('three'),
        advance(90_000),
        ...turn('four'),
      ],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), loaded, enter(2, ENTER_PROMPT_ONLY), loaded, enter(3, ENTER_WITH_READING), enter(4, ENTER_PROMPT_ONLY)],
      check: expecting({ readings: [reading(1), reading(3, { ...PANE, windowIndex: '3' })], runs: 3 }),
    }),
    // escaping
    draft({
      category: 'escaping',
      title: 'the window name is JSON-quoted (quotes, backslashes, spaces, non-ASCII); other fields are verbatim',
      rules: ['TMUX-REQ-9', 'TMUX-FMT-2'],
      env: env(stateWith({ windowName: 'my "editor" \\ ✓ ~/src', sessionName: 'work-1' })),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1, { ...PANE, windowName: 'my "editor" \\ ✓ ~/src', sessionName: 'work-1' })] }),
    }),
    // --- #16, #17 and other configs
    ...(
      [
        [-1, 'TypeError', 'tmux-context: refreshIntervalMs must be a non-negative safe integer, got -1'],
        [1.5, 'TypeError', 'tmux-context: refreshIntervalMs must be a non-negative safe integer, got 1.5'],
        [Number.MAX_SAFE_INTEGER + 1, 'TypeError', `tmux-context: refreshIntervalMs must be a non-negative safe integer, got ${Number.MAX_SAFE_INTEGER + 1}`],
        ['10', 'ValidationError', '$.refreshIntervalMs expected number but got 10'],
      ] as const
    ).map(([value, name, message]) =>
      draft({
        category: 'config',
        title: `rejects refreshIntervalMs ${JSON.stringify(value)} at plugin load`,
        rules: ['TMUX-REQ-10'],
        config: { refreshIntervalMs: value },
        env: env(IN_PANE),
        actions: turn('never runs'),
        expectOutcomes: [{ kind: 'load-error', error: { name, message } }],
      }),
    ),
    draft({
      category: 'config',
      title: 'refreshIntervalMs 0 means no floor',
      rules: ['TMUX-REQ-4', 'TMUX-REQ-10'],
      config: { refreshIntervalMs: 0 },
      env: env(IN_PANE),
      actions: [...turn('one'), tmux({ state: stateWith({ windowName: 'next' }) }), ...turn('two')],
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING), enter(2, ENTER_WITH_READING)],
      check: expecting({ runs: 2 }),
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Validator log fixtures: a log and the exact multiset of rule ids it must produce.
//
// Base logs are written by the simulated host running the reference (so every core log rule holds),
// then one relation is broken by hand. Edits renumber seqs, so insertions stay valid.

type LogEvent = { type: string; seq: number; time: number; data: any; surfaceOp?: unknown; sourceEventSeqs?: number[] };

async function hostLog(actions: In[], state: TmuxState = IN_PANE, config?: Record<string, unknown>): Promise<LogEvent[]> {
  const reference = pluginFromModule(await import('../../reference/tmux-context/index.js'), 'reference', 'reference:tmux-context', 'tmux-context');
  const fixture = ScenarioFixture.pick({ env: true, actions: true, log: true, config: true }).parse({ env: env(state), actions, log: [], config });
  const actual = await executeScenario(reference.factory, fixture);
  return structuredClone(actual.rawLog) as LogEvent[];
}

const isReading = (e: LogEvent) => e.type === 'user/message' && e.data?.source?.plugin === 'tmux-context';
const readingIndexes = (log: LogEvent[]) => log.flatMap((e, i) => (isReading(e) ? [i] : []));

/** Replace the reading's text (message and section alike). */
function retext(e: LogEvent, text: string): void {
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
function move(log: LogEvent[], from: number, to: number): LogEvent[] {
  const out = [...log];
  const [event] = out.splice(from, 1);
  out.splice(to > from ? to - 1 : to, 0, event);
  return renumber(out);
}

/** Insert `event` before index `at`. */
function insert(log: LogEvent[], at: number, event: Omit<LogEvent, 'seq'>): LogEvent[] {
  const out = [...log];
  out.splice(at, 0, { ...event, seq: Number.NaN });
  return renumber(out);
}

function logDraft(title: string, category: LogDraft['category'], rules: string[], log: LogEvent[], findings: string[], config?: Record<string, unknown>): LogDraft {
  return {
    source: 'tmux-context',
    category,
    title,
    rules,
    spec: ['2026-08', '2026-07'],
    header: HEADER,
    log,
    findings,
    ...(config ? { config: { 'tmux-context': config } } : {}),
    provenance: { generator: GENERATOR },
  };
}

export async function logFixtures(): Promise<LogDraft[]> {
  const changed = stateWith({ windowName: 'logs' });
  const twoTurns = await hostLog([...turn('one'), tmux({ state: changed }), advance(30_000), ...turn('two')]);
  const sameTwice = await hostLog([...turn('one'), advance(30_000), ...turn('two')]);
  const drafts: LogDraft[] = [];

  drafts.push(logDraft('a conforming log: two readings of different locations', 'format', [], twoTurns, []));
  drafts.push(
    logDraft('a conforming log: a reading shadowed by compaction, then a changed location', 'compaction', ['TMUX-CHANGE-1'],
      await hostLog([...turn('one'), { do: 'compact', keepLast: 0 }, tmux({ state: changed }), ...turn('two')]), []),
  );

  {
    const log = structuredClone(twoTurns);
    log[readingIndexes(log)[0]].data.source = { kind: 'plugin', plugin: 'tmux-context' };
    drafts.push(logDraft('the bare plugin source instead of the snapshot form', 'forged-sources', ['TMUX-SRC-1'], log, ['TMUX-SRC-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.source = { ...e.data.source, authority: 'tmux' };
    drafts.push(logDraft('an extra key in the snapshot source', 'forged-sources', ['TMUX-SRC-1'], log, ['TMUX-SRC-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.source = { ...e.data.source, sections: [{ name: 'tmux-context', text: reading(1, { ...PANE, windowName: 'other' }) }] };
    drafts.push(logDraft('the section text differs from the message text', 'forged-sources', ['TMUX-SRC-2'], log, ['TMUX-SRC-2']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.content = [...e.data.content, { type: 'text', text: 'and more' }];
    drafts.push(logDraft('a reading with two content blocks', 'format', ['TMUX-FMT-1'], log, ['TMUX-FMT-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const text = reading(1).replace('"node"', 'node');
    retext(log[readingIndexes(log)[0]], text);
    drafts.push(logDraft('the window name is not JSON-quoted', 'escaping', ['TMUX-FMT-2'], log, ['TMUX-FMT-2']));
  }
  {
    const log = structuredClone(twoTurns);
    retext(log[readingIndexes(log)[0]], reading(1).replace(/\n/g, ' | '));
    drafts.push(logDraft('the reading is one line, not three', 'format', ['TMUX-FMT-2'], log, ['TMUX-FMT-2']));
  }
  {
    const log = structuredClone(twoTurns);
    retext(log[readingIndexes(log)[1]], reading(3, { ...PANE, windowName: 'logs' }));
    drafts.push(logDraft('the turn line names another turn', 'format', ['TMUX-TURN-1'], log, ['TMUX-TURN-1']));
  }
  {
    // Step 2's batch carries a reading (and step 1 none).
    const base = await hostLog([
      { do: 'prompt', message: { text: 'go' } },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] },
      { do: 'step-end' },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', text: 'done' },
      { do: 'turn-end' },
    ]);
    const [first] = readingIndexes(base);
    const secondStepStart = base.findIndex((e, i) => i > first && e.type === 'step/start');
    drafts.push(logDraft('a reading in step 2', 'ordering', ['TMUX-POS-1'], move(base, first, secondStepStart + 1), ['TMUX-POS-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    const turnEnd = log.findIndex((e) => e.type === 'turn/end');
    const moved = move(log, first, turnEnd + 1);
    drafts.push(logDraft('a reading between turns', 'ordering', ['TMUX-POS-1'], moved, ['TMUX-POS-1']));
  }
  {
    // The step has only the reading: move it after request/header (no other batch message before it).
    const base = await hostLog([...shortTurnWithRequest()]);
    const [first] = readingIndexes(base);
    const request = base.findIndex((e) => e.type === 'request/header');
    drafts.push(logDraft('a reading after the request header', 'ordering', ['TMUX-POS-2'], move(base, first, request + 1), ['TMUX-POS-2']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    drafts.push(logDraft('a reading after the prompt (appended after the batch)', 'ordering', ['TMUX-POS-3'], move(log, first, first + 2), ['TMUX-POS-3']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    const second = { ...structuredClone(log[first]), time: log[first].time };
    retext(second, reading(1, { ...PANE, paneActive: '1' }));
    second.data.id = '6f1c1f1e-2222-4000-8000-000000000001';
    drafts.push(logDraft('two readings in one turn', 'ordering', ['TMUX-ONCE-1', 'TMUX-POS-3'], insert(log, first + 1, second), ['TMUX-ONCE-1', 'TMUX-POS-3']));
  }
  {
    const log = structuredClone(sameTwice);
    const late = log.findIndex((e) => e.type === 'turn/start' && e.data.turn === 2);
    const stepStart = log.findIndex((e, i) => i > late && e.type === 'step/start');
    const copy = { ...structuredClone(log[readingIndexes(log)[0]]), time: log[stepStart].time };
    retext(copy, reading(2));
    copy.data.id = '6f1c1f1e-2222-4000-8000-000000000002';
    drafts.push(logDraft('a new turn repeats an unchanged location', 'format', ['TMUX-CHANGE-1'], insert(log, stepStart + 1, copy), ['TMUX-CHANGE-1']));
  }
  {
    // turn 1 reads the location, turn 2 carries a non-text tmux message, turn 3 repeats turn 1's location:
    // allowed, because DSH treats the non-text message as "no previous reading". Only FMT-1 fires.
    let log = await hostLog([...turn('one'), ...turn('two'), ...turn('three')]);
    const stepStartOf = (turnNo: number) => {
      const start = log.findIndex((e) => e.type === 'turn/start' && e.data.turn === turnNo);
      return log.findIndex((e, i) => i > start && e.type === 'step/start');
    };
    const first = log[readingIndexes(log)[0]];
    const image = structuredClone(first);
    image.data.content = [{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }];
    image.data.source.sections[0].text = '';
    image.data.id = '6f1c1f1e-2222-4000-8000-000000000003';
    image.time = log[stepStartOf(2)].time;
    log = insert(log, stepStartOf(2) + 1, image);
    const repeat = { ...structuredClone(first), time: log[stepStartOf(3)].time };
    retext(repeat, reading(3));
    repeat.data.id = '6f1c1f1e-2222-4000-8000-000000000005';
    log = insert(log, stepStartOf(3) + 1, repeat);
    drafts.push(logDraft('a non-text tmux-context message resets change suppression', 'parsing', ['TMUX-CHANGE-1', 'TMUX-FMT-1'], log, ['TMUX-FMT-1']));
  }
  {
    const shadowed = await hostLog([...turn('one'), { do: 'compact', keepLast: 0 }, ...turn('two')]);
    // Forge turn 2's missing reading as a repeat: appended right after turn 2's step/start (seqs shift; no replace op follows).
    const turn2 = shadowed.findIndex((e) => e.type === 'turn/start' && e.data.turn === 2);
    const stepStart = shadowed.findIndex((e, i) => i > turn2 && e.type === 'step/start');
    const copy = { ...structuredClone(shadowed[readingIndexes(shadowed)[0]]), time: shadowed[stepStart].time };
    retext(copy, reading(2));
    copy.data.id = '6f1c1f1e-2222-4000-8000-000000000004';
    drafts.push(logDraft('a repeat of a reading hidden by compaction is still a repeat (raw log)', 'compaction', ['TMUX-CHANGE-1'], insert(shadowed, stepStart + 1, copy), ['TMUX-CHANGE-1']));
  }
  drafts.push(logDraft('readings 30 s apart under a 60 s refresh interval', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, ['TMUX-INTERVAL-1'], { refreshIntervalMs: 60_000 }));
  drafts.push(logDraft('readings 30 s apart with no known interval', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, []));
  drafts.push(logDraft('readings exactly the interval apart', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, [], { refreshIntervalMs: 30_000 }));
  drafts.push(
    logDraft('a reading after the clock went backwards is not held to the interval', 'clock-regression', ['TMUX-INTERVAL-1'],
      await hostLog([...turn('one'), tmux({ state: changed }), advance(-5_000), ...turn('two')], IN_PANE, { refreshIntervalMs: 60_000 }), [], { refreshIntervalMs: 60_000 }),
  );
  return drafts;
}

function shortTurnWithRequest(): In[] {
  return [{ do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'ok' }, { do: 'turn-end' }];
}
