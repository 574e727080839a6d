import { variantPlugin } from './support/variant.js';

export const description = 'Skips a non-text tmux reading and compares with an older text one, instead of treating the non-text one as "no previous reading".';

export const { name, inject, Config, apply } = variantPlugin({
  previous: () => ({
    lookup(agent) {
      const events = agent.session.events;
      for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i];
        if (e.type !== 'user/message' || e.data.source.kind !== 'plugin' || e.data.source.plugin !== 'tmux-context') continue;
        const block = e.data.content[0];
        if (block?.type !== 'text') continue;
        const text = block.text as string;
        const newline = text.indexOf('\n');
        return { state: newline === -1 ? '' : text.slice(newline + 1), time: e.time };
      }
      return undefined;
    },
  }),
});
