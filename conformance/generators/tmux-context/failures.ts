import type { ScenarioDraft } from '../../scenario/draft.js';
import { tmuxStates } from '../../host/services/shell.js';
import { ENTER_PROMPT_ONLY, ENTER_WITH_READING, IN_PANE, PANE, WARNING, draft, enter, env, expecting, loaded, reading, shortTurn, silentNoOp, stateWith, tmux, turn } from './dsl.js';

/**
 * tmux-context scenarios: failures the plugin must contain. No shell executor (upstream §2.4 #8), not
 * in tmux or no server (#9), output it cannot parse (#10, #11): silent no-ops. An executor that
 * rejects (#12-#14): a warning and no reading, and the turn goes on. An aborted submission (#15).
 */
export function failures(): ScenarioDraft[] {
  return [
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
    silentNoOp('failure-containment', 'is a silent no-op outside tmux (the query exits non-zero)', ['TMUX-REQ-7'], tmuxStates.outside()),
    silentNoOp('failure-containment', 'is a silent no-op when $TMUX_PANE is set but no tmux server is running', ['TMUX-REQ-7'], { ...IN_PANE, server: null }),
    // --- #10
    silentNoOp('parsing', 'wrong field count (a window name containing a literal backslash-t) is a silent no-op', ['TMUX-REQ-7'], stateWith({ windowName: 'a\\tb' })),
    // --- #11
    silentNoOp('parsing', 'an empty pane id (a tmux without #{pane_id}) is a silent no-op', ['TMUX-REQ-7'], { ...IN_PANE, server: { panes: [PANE], unsupportedFormats: ['pane_id'] } }),
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
  ];
}
