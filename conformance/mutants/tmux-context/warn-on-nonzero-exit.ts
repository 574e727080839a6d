import { variantPlugin } from './support/variant.js';

export const description = 'Logs a warning when the query exits non-zero (outside tmux), which must be silent.';

export const { name, inject, Config, apply } = variantPlugin({ warnOnNonZeroExit: true });
