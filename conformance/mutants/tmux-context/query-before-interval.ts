import { variantPlugin } from './support/variant.js';

export const description = 'Runs the tmux query first and checks the refresh interval afterwards (pays for a query the interval forbids).';

export const { name, inject, Config, apply } = variantPlugin({ queryBeforeIntervalCheck: true });
