import { variantPlugin } from './support/variant.js';

export const description = 'Looks for the previous reading on the visible surface only, so compaction makes it forget the last reading.';

export const { name, inject, Config, apply } = variantPlugin({
  previous: () => ({
    lookup(agent) {
      const session = agent.session as unknown as { events: any[]; surface: { nodes: readonly number[] } };
      const nodes = session.surface.nodes;
      for (let i = nodes.length - 1; i >= 0; i--) {
        const e = session.events[nodes[i]];
        if (e.type === 'user/message' && e.data.source.kind === 'plugin' && e.data.source.plugin === 'tmux-context') {
          const block = e.data.content[0];
          if (block?.type !== 'text') return undefined;
          const text = block.text as string;
          const newline = text.indexOf('\n');
          return { state: newline === -1 ? '' : text.slice(newline + 1), time: e.time };
        }
      }
      return undefined;
    },
  }),
});
