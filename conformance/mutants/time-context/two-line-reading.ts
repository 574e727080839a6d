import { variantPlugin } from './support/variant.js';

export const description = 'Writes the 2026-07 two-line reading (no browser-zone policy line, no browser-zone rendering) under spec 2026-08.';

export const revision = '2026-08';

export const { name, inject, Config, apply } = variantPlugin({ revision: '2026-07' });
