// The plugin is the default export; named exports beside it (an Error class, the library functions)
// are not the plugin, and DSH takes the default.
import * as upstream from '@deepseek-ai/dsh-agent-instructions';

export class InstructionsBudgetError extends Error {}
export const { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } = upstream;

export default {
  name: 'agent-instructions',
  Config: upstream.Config,
  apply(ctx, config) {
    upstream.apply(ctx, config);
  },
};
