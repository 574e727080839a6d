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
