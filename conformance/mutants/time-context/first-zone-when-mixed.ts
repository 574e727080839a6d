import { variantPlugin } from './support/variant.js';

export const description = 'When the turn\'s browser zones are mixed, renders the timestamp in the first of them instead of the fallback zone.';

export const { name, inject, Config, apply } = variantPlugin({
  displayZone: (browser, fallback) => (browser.kind === 'resolved' ? browser.timeZone : browser.kind === 'mixed' ? browser.timeZones[0] : fallback),
});
