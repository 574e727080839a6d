import { defaultParts, variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'treats a failing probe as a deleted file, so a temporarily unavailable instruction file is announced as removed';

const plugin = variant({
  async probeScopeCandidate(path, fs, signal) {
    const probe = await defaultParts.probeScopeCandidate(path, fs, signal);
    return probe.kind === 'unavailable' ? { kind: 'absent' } : probe;
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
