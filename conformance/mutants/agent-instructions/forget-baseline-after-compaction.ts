import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'looks for the previous baseline in the raw log instead of the visible surface, so a compacted baseline is never restored';

const plugin = variant({
  findVisibleBaseline(agent, claimed) {
    for (const message of claimed.toReversed()) {
      if (message.source.kind === 'agent-instructions' && message.source.baseline === true) return message.source as never;
    }
    for (const event of agent.session.events.toReversed()) {
      if (event.type === 'user/message' && event.data.source.kind === 'agent-instructions' && event.data.source.baseline === true) return event.data.source;
    }
    return undefined;
  },
});
export const { name, Config, apply } = plugin;
