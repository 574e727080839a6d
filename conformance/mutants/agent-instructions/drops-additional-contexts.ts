import { wrapped } from './support/wrap.js';

export const description = "replaces the tool result's additionalContexts with its own empty list, dropping another listener's contexts";

export const { name, Config, apply } = wrapped({
  listener: (event, fn) =>
    event === 'tools/result'
      ? (exec: unknown, result: { additionalContexts?: unknown[] }) => {
          const out = fn(exec, result);
          result.additionalContexts = [];
          return out;
        }
      : fn,
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
