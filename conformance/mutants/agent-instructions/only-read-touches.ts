import { wrapped } from './support/wrap.js';

export const description = 'only read results count as touches: a first touch through write or edit attaches nothing';

export const { name, Config, apply } = wrapped({
  listener: (event, fn) => (event === 'tools/result' ? (exec: { name: string }, result: unknown) => (exec.name === 'read' ? fn(exec, result) : undefined) : fn),
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
