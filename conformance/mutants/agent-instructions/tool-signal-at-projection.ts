import { wrapped } from './support/wrap.js';

export const description = "checks the tool's signal when the projection runs instead of when the result arrives: a tool that ends right after its result projects nothing";

export const { name, Config, apply } = wrapped({
  listener: (event, fn) =>
    event === 'tools/result'
      ? (exec: { signal: AbortSignal }, result: unknown) => {
          void Promise.resolve().then(() => (exec.signal.aborted ? undefined : fn(exec, result)));
        }
      : fn,
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
