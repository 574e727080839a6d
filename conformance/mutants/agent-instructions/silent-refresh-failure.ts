import { wrapped } from './support/wrap.js';

export const description = 'swallows a failed background refresh without the "workspace instruction refresh failed" warning';

export const { name, Config, apply } = wrapped({
  warn: (warn) => (...args: unknown[]) => (typeof args[0] === 'string' && args[0].startsWith('workspace instruction refresh failed') ? undefined : warn(...args)),
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
