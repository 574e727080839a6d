import { changesOf, isWorkspaceSource } from '../../../reference/agent-instructions/changes.js';
import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'counts announcements from the raw log (shadowed ones included), so compaction never re-arms a nested scope';

const plugin = variant({
  effectiveChanges(session, authority) {
    const effective = new Map();
    for (const event of session.events) {
      if (event.type !== 'user/message' || !isWorkspaceSource(event.data.source)) continue;
      for (const change of changesOf(event.data.source)) effective.set(change.scope, change);
    }
    for (const message of authority) {
      if (!isWorkspaceSource(message.source)) continue;
      for (const change of changesOf(message.source)) effective.set(change.scope, change);
    }
    return effective;
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
