import { variantPlugin } from './support/variant.js';

export const description = 'Runs the tmux query before delegating to next(), so rejected and failed steps still pay for a query.';

export const { name, inject, Config, apply } = variantPlugin({ queryBeforeDelegate: true });
