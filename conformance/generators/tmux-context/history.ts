import type { ScenarioDraft } from '../../scenario/draft.js';
import { BASE, ENTER_PROMPT_ONLY, ENTER_WITH_READING, IN_PANE, PANE, advance, draft, enter, env, expecting, loaded, priorTurns, reading, stateWith, tmux, turn } from './dsl.js';

/**
 * tmux-context scenarios where the log alone decides: a previous reading parsed from an initial log
 * written by an earlier process (upstream §2.4 #6, #7), a reading shadowed by compaction (still in the
 * raw log, so it still suppresses and still starts the interval), and restarts. Two functions, because
 * the suite's order puts the failure and ordering scenarios between them.
 */
export function priorReadings(): ScenarioDraft[] {
  return [
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
  ];
}

export function compactionAndRestart(): ScenarioDraft[] {
  return [
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
  ];
}
