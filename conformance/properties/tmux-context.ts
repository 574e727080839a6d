import fc from 'fast-check';
import { EXAMPLE_PANE, tmuxStates, type ShellFailure, type TmuxChange, type TmuxEnv, type TmuxState } from '../host/services/shell.js';
import type { Action } from '../scenario/schema.js';
import type { SourceIngredients } from './session-arbitrary.js';

/**
 * tmux-context ingredients: a stub `shell` service whose tmux/ps answer from a simulated world, the
 * world changing mid-session (a renamed window, another pane, an inherited `$TMUX_PANE`, leaving tmux,
 * no controlling tty, a window name with quotes or a literal backslash-t), executor failures (policy
 * denial, spawn error, non-Error rejection), refresh intervals with clock moves that land exactly on
 * their boundaries, and tmux-context messages another writer left in the log (text, single-line,
 * non-text, empty). The worlds, failures and foreign readings are exported: the reference's
 * differential test against the published package
 * (conformance/integration/tmux-context/reference-differential.test.ts) uses the same ones.
 */

export const WORLDS: readonly TmuxState[] = [
  tmuxStates.inPane(EXAMPLE_PANE),
  tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: 'editor "main"' }),
  tmuxStates.inPane({ ...EXAMPLE_PANE, paneId: '%91', paneIndex: '3', windowLayout: 'b25d,238x60,0,0,91' }),
  tmuxStates.inherited(EXAMPLE_PANE),
  tmuxStates.outside(),
  { ...tmuxStates.inPane(EXAMPLE_PANE), processTty: null },
  tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: 'tab\\tin name' }),
];

export const FAILURES: readonly ShellFailure[] = [
  { at: 'resolve', throws: { kind: 'error', message: 'policy: command denied' } },
  { at: 'run', throws: { kind: 'error', message: 'spawn bash ENOMEM' } },
  { at: 'run', throws: { kind: 'value', value: 'spawn refused' } },
];

const INTERVALS = [10_000, 60_000] as const;

/** Mostly "in a pane", so readings are common and the odd worlds show up as changes. */
const world = fc.oneof({ weight: 3, arbitrary: fc.constant(WORLDS[0]) }, { weight: 4, arbitrary: fc.constantFrom(...WORLDS) });

const env: fc.Arbitrary<{ tmux: TmuxEnv }> = fc
  .record({
    state: world,
    failure: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...FAILURES) }),
    shell: fc.oneof({ weight: 12, arbitrary: fc.constant('stub' as const) }, { weight: 1, arbitrary: fc.constant('none' as const) }),
  })
  .map(({ state, failure, shell }) => ({ tmux: { shell, state, failure } }));

const tmuxChange = (change: TmuxChange): Action => ({ do: 'env', section: 'tmux', change });

/** Text of a reading another writer (or an older plugin version) left behind. */
export const FOREIGN_CONTENT: Record<string, unknown[]> = {
  text: [{ type: 'text', text: 'tmux location (turn 0):\nsession 0, window 1 "node", pane 2 %90\nwindow active=1, pane active=0, layout x' }],
  'single-line': [{ type: 'text', text: 'tmux location' }],
  image: [{ type: 'image', mediaType: 'image/png', data: 'AA==' }],
  empty: [],
};
const foreignReading: fc.Arbitrary<Action> = fc.constantFrom('text', 'single-line', 'image', 'image', 'empty').map((shape) => ({
  do: 'append',
  event: {
    type: 'user/message',
    data: {
      content: FOREIGN_CONTENT[shape],
      source: { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [] },
      role: 'user',
      id: `foreign-${shape}`,
    },
    surfaceOp: 'append',
  },
}));

export const ingredients: Partial<SourceIngredients> = {
  config: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant({ refreshIntervalMs: 0 }) },
    { weight: 3, arbitrary: fc.constantFrom(...INTERVALS).map((refreshIntervalMs) => ({ refreshIntervalMs })) },
  ),
  env,
  extraActions: [
    world.map((state) => tmuxChange({ state })),
    fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...FAILURES) }).map((failure) => tmuxChange({ failure })),
    // Exactly on, just before, and just after an interval boundary; and a small step backwards.
    fc.constantFrom(...INTERVALS.flatMap((ms) => [ms, ms - 1, ms + 1]), -1, -5_000).map((advance): Action => ({ do: 'clock', advance })),
    foreignReading,
  ],
};
