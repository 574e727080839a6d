import { variantPlugin } from './support/variant.js';

export const description = 'For later steps, takes the latest reading anywhere in the log, not stopping at the turn boundary (a previous turn\'s reading becomes the baseline).';

export const { name, inject, Config, apply } = variantPlugin({ baselineTime: (index, turn, step) => (step === 1 ? index.latestModelVisibleTime() : index.latestReadingTime()) });
