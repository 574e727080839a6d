import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'inserts the workspace context before the claimed messages instead of right after the last one';

const plugin = variant({ insertionIndex: (decision, claimed) => Math.max(0, decision.findIndex((message) => claimed.includes(message))) });
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
