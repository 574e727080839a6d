import { wrapped } from './support/wrap.js';

export const description = 'never disposes its effects: a touch still pending at a restart finishes in the old instance and queues a context';

export const { name, Config, apply } = wrapped({
  effect: (fn) => {
    fn();
    return () => {};
  },
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
