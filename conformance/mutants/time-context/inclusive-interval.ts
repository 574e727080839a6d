import { variantPlugin } from './support/variant.js';

export const description = 'Off by one at the interval boundary (`<=`): a pre-step exactly refreshIntervalMs after the previous reading is suppressed instead of injecting.';

export const { name, inject, Config, apply } = variantPlugin({ withinInterval: (now, last, interval) => last !== undefined && now >= last && now - last <= interval });
