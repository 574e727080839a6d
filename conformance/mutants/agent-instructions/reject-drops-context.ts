import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'drops the desired context on a rejected or empty first step instead of queueing it in the inbox';

const plugin = variant({ queueWhenNotEntering: false });
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
