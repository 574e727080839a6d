import { utf8Length } from '../../../reference/agent-instructions/budget.js';
import { budgetMarker, frame } from '../../../reference/agent-instructions/text.js';
import { defaultParts, variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'when over budget, drops the most specific files first instead of the broadest ones';

const plugin = variant({
  renderWithinBudget(files, maxBytes, style) {
    const correct = defaultParts.renderWithinBudget(files, maxBytes, style);
    if (correct.omitted.length === 0 || correct.text.length === 0) return correct;
    for (let dropped = 1; dropped < files.length; dropped += 1) {
      const kept = files.slice(0, files.length - dropped);
      const omitted = files.slice(files.length - dropped).map((f) => ({ absolutePath: f.absolutePath, displayPath: f.displayPath }));
      const text = frame([budgetMarker(maxBytes, omitted, []), style.intro, ...kept.map((f) => style.section(f))], style.escape);
      if (utf8Length(text) <= maxBytes) return { text, omitted, truncated: [], represented: kept };
    }
    return correct;
  },
});
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
