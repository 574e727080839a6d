import { variantPlugin } from './support/variant.js';

export const description = 'Measures later steps from the preceding model-visible message too (the step-1 baseline), instead of from the previous reading of the turn.';

export const { name, inject, Config, apply } = variantPlugin({ baselineTime: (index) => index.latestModelVisibleTime() });
