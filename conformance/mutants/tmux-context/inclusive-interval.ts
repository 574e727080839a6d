import { variantPlugin } from './support/variant.js';

export const description = 'Off by one at the interval boundary: a reading exactly refreshIntervalMs after the previous one is suppressed.';

export const { name, inject, Config, apply } = variantPlugin({ suppressedByInterval: (now, time, ms) => now >= time && now - time <= ms });
