import { dirname } from 'node:path';
import { defaultParts, variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'loads only the first present candidate of each directory (the superseded "first match wins" rule)';

const plugin = variant({
  async discoverFiles(options, fs) {
    const seen = new Set<string>();
    return (await defaultParts.discoverFiles(options, fs)).filter((file) => {
      const dir = dirname(file.displayPath);
      if (seen.has(dir)) return false;
      seen.add(dir);
      return true;
    });
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
