import { variantPlugin } from './support/variant.js';

export const description = 'Ignores an already-aborted signal and still appends a reading to a cancelled pre-step.';

export const { name, inject, Config, apply } = variantPlugin({ respectsAbort: false });
