import type { ScenarioDraft } from '../../scenario/draft.js';
import { ENTER_WITH_READING, IN_PANE, draft, enter, env, expecting, fail, loaded, reading, shortTurn, turn } from './dsl.js';

/**
 * tmux-context scenarios: the plugin delegates first and places its reading first. A downstream
 * reject or failure passes through before any query; the reading goes before every message of the
 * batch, downstream additions included; an empty first step becomes a step holding only the reading.
 */
export function ordering(): ScenarioDraft[] {
  return [
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
  ];
}
