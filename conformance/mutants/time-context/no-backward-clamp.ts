import { variantPlugin } from './support/variant.js';

export const description = 'Does not clamp a negative elapsed span (the clock went backwards) to 0s, rendering e.g. "-5s".';

export const { name, inject, Config, apply } = variantPlugin({
  formatDuration(elapsedMs) {
    let seconds = Math.floor(elapsedMs / 1000);
    const parts: string[] = [];
    const days = Math.floor(seconds / 86_400);
    seconds %= 86_400;
    const hours = Math.floor(seconds / 3_600);
    seconds %= 3_600;
    const minutes = Math.floor(seconds / 60);
    seconds %= 60;
    if (days > 0) parts.push(`${days}d`);
    if (hours > 0) parts.push(`${hours}h`);
    if (minutes > 0) parts.push(`${minutes}m`);
    parts.push(`${seconds}s`);
    return parts.join(' ');
  },
});
