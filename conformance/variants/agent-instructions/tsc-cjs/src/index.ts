// TypeScript compiled with `tsc --module commonjs`: named exports become `exports.x` with `__esModule`.
import * as upstream from '@deepseek-ai/dsh-agent-instructions';

export const name = 'agent-instructions';
export const Config = upstream.Config;

export function apply(ctx: unknown, config: unknown): void {
  (upstream.apply as (ctx: unknown, config: unknown) => void)(ctx, config);
}
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '@deepseek-ai/dsh-agent-instructions';
