import { formatSeconds } from '../../../reference/time-context/duration.js';
import { variantPlugin } from './support/variant.js';

export const description = 'Rounds the elapsed span to the nearest second instead of flooring it (1.5 s renders "2s").';

export const { name, inject, Config, apply } = variantPlugin({ formatDuration: (ms) => formatSeconds(Math.round(Math.max(0, ms) / 1000)) });
