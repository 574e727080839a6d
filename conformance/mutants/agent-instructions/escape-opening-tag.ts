import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'escapes the opening <system-reminder> tag instead of the closing one, so repository text can close the frame';

const plugin = variant({ escapeFrameBody: (body) => body.replaceAll('<system-reminder>', '<\\system-reminder>') });
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
