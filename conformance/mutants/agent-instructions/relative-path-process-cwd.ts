import { resolve } from 'node:path';
import { wrapped } from './support/wrap.js';

export const description = "resolves a relative file_path against the process's working directory instead of the session cwd";

export const { name, Config, apply } = wrapped({
  listener: (event, fn) =>
    event === 'tools/result'
      ? (exec: { arguments?: { file_path?: unknown } }, result: unknown) => {
          const path = exec.arguments?.file_path;
          return fn(typeof path === 'string' && path.trim() !== '' && !path.startsWith('/') ? { ...exec, arguments: { ...exec.arguments, file_path: resolve(path.trim()) } } : exec, result);
        }
      : fn,
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
