// A lazy apply: the module loads nothing at import; the implementation is required on the first apply.
// The Config is hand-written (a Standard Schema) so the schema does not need the implementation.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let implementation;

export const name = 'tmux-context';
export const inject = ['agents'];
export const Config = {
  '~standard': {
    version: 1,
    vendor: 'tmux-context-lazy',
    validate(input) {
      if (input === null || input === undefined) return { value: {} };
      if (typeof input !== 'object' || Array.isArray(input)) return { issues: [{ message: 'the configuration must be an object' }] };
      const ms = input.refreshIntervalMs;
      if (ms !== undefined && !(Number.isSafeInteger(ms) && ms >= 0)) return { issues: [{ message: 'refreshIntervalMs must be whole milliseconds, 0 or more', path: ['refreshIntervalMs'] }] };
      return { value: { ...input } };
    },
  },
};

export const apply = (ctx, config) => {
  implementation ??= require('@deepseek-ai/dsh-tmux-context');
  return implementation.apply(ctx, config);
};
