import { variantPlugin } from './support/variant.js';

export const description = 'Suppresses whenever now - previous < interval, so a clock that went backwards blocks readings.';

export const { name, inject, Config, apply } = variantPlugin({ suppressedByInterval: (now, time, ms) => now - time < ms });
