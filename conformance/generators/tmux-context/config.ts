import type { ScenarioDraft } from '../../scenario/draft.js';
import { ENTER_WITH_READING, IN_PANE, draft, enter, env, expecting, loaded, stateWith, tmux, turn } from './dsl.js';

/**
 * tmux-context scenarios: configuration. `refreshIntervalMs` values rejected at plugin load, with the
 * error each must raise (upstream §2.4 #16, #17), and 0 meaning no floor.
 */
export function config(): ScenarioDraft[] {
  return [
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
