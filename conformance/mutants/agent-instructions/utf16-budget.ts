import { variant } from '../../../reference/agent-instructions/variant.js';
import { defaultParts } from '../../../reference/agent-instructions/parts.js';

export const description = 'measures the budget in UTF-16 code units instead of UTF-8 bytes, so multibyte text exceeds maxBytes';

const plugin = variant({
  renderWithinBudget(files, maxBytes, style) {
    // Find the largest budget whose rendering is at most maxBytes *characters* long, and label it maxBytes.
    let best = defaultParts.renderWithinBudget(files, maxBytes, style);
    for (let bytes = maxBytes + 1; bytes <= maxBytes * 4; bytes += 1) {
      const candidate = defaultParts.renderWithinBudget(files, bytes, style);
      if (candidate.text.length > maxBytes) break;
      best = { ...candidate, text: candidate.text.replaceAll(`Workspace instruction budget ${bytes} bytes`, `Workspace instruction budget ${maxBytes} bytes`) };
      if (candidate.omitted.length === 0 && candidate.truncated.length === 0) break;
    }
    return best;
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
