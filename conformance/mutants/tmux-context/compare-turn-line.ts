import { variantPlugin } from './support/variant.js';

export const description = "Compares whole reading texts, turn line included, so every new turn re-injects an unchanged location.";

export const { name, inject, Config, apply } = variantPlugin({
  previous: () => ({
    lookup(agent) {
      const events = agent.session.events;
      for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i];
        if (e.type === 'user/message' && e.data.source.kind === 'plugin' && e.data.source.plugin === 'tmux-context') {
          const block = e.data.content[0];
          return block?.type === 'text' ? { state: block.text as string, time: e.time as number } : undefined;
        }
      }
      return undefined;
    },
  }),
  compared: (_state, text) => text,
});
