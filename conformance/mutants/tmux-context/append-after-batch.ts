import { variantPlugin } from './support/variant.js';

export const description = 'Appends the reading after the batch (like time-context) instead of putting it before.';

export const { name, inject, Config, apply } = variantPlugin({ appendAfterBatch: true });
