import { variantPlugin } from './support/variant.js';

export const description = 'Queries and may inject on every step of a turn, not only on step 1.';

export const { name, inject, Config, apply } = variantPlugin({ everyStep: true });
