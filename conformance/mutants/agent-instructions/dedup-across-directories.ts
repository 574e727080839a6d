import { trimmedDigest } from '../../../reference/agent-instructions/digest.js';
import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'collapses identical instruction files across directories, not only within one directory';

const plugin = variant({
  dedupWithinDirectories(files) {
    const seen = new Set<string>();
    return files.filter((file) => {
      const digest = trimmedDigest(file.content);
      if (seen.has(digest)) return false;
      seen.add(digest);
      return true;
    });
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
