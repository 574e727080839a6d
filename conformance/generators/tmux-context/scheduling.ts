import type { ScenarioDraft } from '../../scenario/draft.js';
import { ENTER_PROMPT_ONLY, ENTER_WITH_READING, IN_PANE, PANE, advance, draft, enter, env, expecting, loaded, reading, stateWith, tmux, turn } from './dsl.js';

/**
 * tmux-context scenarios: when the plugin reads and injects. Once per turn, on step 1 only (upstream
 * §2.4 #3); again on a new turn only when the location changed (#4); a positive refresh interval
 * suppressing without a query (#5), its exact boundary, the query after it, and a clock that went
 * backwards, which must not suppress.
 */
export function scheduling(): ScenarioDraft[] {
  return [
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
  ];
}
