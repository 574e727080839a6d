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

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
