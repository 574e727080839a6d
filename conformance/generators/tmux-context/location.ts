import type { ScenarioDraft } from '../../scenario/draft.js';
import { tmuxStates, type TmuxObservation } from '../../host/services/shell.js';
import { ENTER_WITH_READING, IN_PANE, PANE, draft, enter, env, expecting, fail, loaded, reading, silentNoOp, stateWith, turn } from './dsl.js';

/**
 * tmux-context scenarios: where the plugin is and how it says so. The reading's format and source
 * (upstream §2.4 #1), how the command finds the pane this process runs in (#2, and the probes an
 * inherited `$TMUX_PANE`, a missing tty and a vanished pane), and the escaping of the window name.
 * Two functions, because the suite's order puts the escaping scenario near the end.
 */
export function locationAndDiscovery(): ScenarioDraft[] {
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
    silentNoOp('discovery', 'an inherited $TMUX/$TMUX_PANE (another tty than the pane\'s) is not in tmux: no reading, no warning', ['TMUX-REQ-5', 'TMUX-REQ-7'], tmuxStates.inherited(PANE)),
    silentNoOp('discovery', 'a process without a controlling tty inside a tmux environment reads as not in tmux', ['TMUX-REQ-5', 'TMUX-REQ-7'], { ...IN_PANE, processTty: null }),
    silentNoOp('discovery', '$TMUX_PANE naming a pane that no longer exists is a silent no-op', ['TMUX-REQ-5', 'TMUX-REQ-7'], { ...IN_PANE, env: { ...IN_PANE.env, TMUX_PANE: '%404' } }),
  ];
}

export function escaping(): ScenarioDraft[] {
  return [
    draft({
      category: 'escaping',
      title: 'the window name is JSON-quoted (quotes, backslashes, spaces, non-ASCII); other fields are verbatim',
      rules: ['TMUX-REQ-9', 'TMUX-FMT-2'],
      env: env(stateWith({ windowName: 'my "editor" \\ ✓ ~/src', sessionName: 'work-1' })),
      actions: turn('where am I?'),
      expectOutcomes: [loaded, enter(1, ENTER_WITH_READING)],
      check: expecting({ readings: [reading(1, { ...PANE, windowName: 'my "editor" \\ ✓ ~/src', sessionName: 'work-1' })] }),
    }),
  ];
}
