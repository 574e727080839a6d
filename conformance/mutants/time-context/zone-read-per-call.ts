import { variantPlugin } from './support/variant.js';

export const description = 'Resolves the process time zone on every pre-step instead of once at load, so a TZ change after load changes the fallback zone.';

export const { name, inject, Config, apply } = variantPlugin({
  fallbackZone: (loaded) => (process.env.TZ ? new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone : loaded),
});
