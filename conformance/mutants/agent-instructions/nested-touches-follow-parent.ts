import { NestedTouches, type ToolExecution } from '../../../reference/agent-instructions/touches.js';
import { variant } from '../../../reference/agent-instructions/variant.js';

export const description = 'drops the touches of nested executions when their composite parent fails or is blocked';

class ParentDecides extends NestedTouches<any> {
  override collect(exec: ToolExecution<any>, result: { isError?: boolean }) {
    const touches = super.collect(exec, result);
    return result.isError ? [] : touches;
  }
}

const plugin = variant({ newNestedTouches: () => new ParentDecides() });
export const { name, Config, apply } = plugin;

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
