import { StepGate } from '../../../reference/agent-instructions/touches.js';
import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'projects a touch immediately even inside an open step instead of waiting for step/end';

class NeverOpen extends StepGate<any> {
  override isOpen(): boolean {
    return false;
  }
}

const plugin = variant({ newStepGate: () => new NeverOpen() });
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
