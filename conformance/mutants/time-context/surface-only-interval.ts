import { isReadingEvent } from '../../../reference/time-context/log-index.js';
import { variantPlugin } from './support/variant.js';

export const description = 'Looks for the previous reading among the visible surface events only, so a reading shadowed by compaction no longer suppresses the next one.';

export const { name, inject, Config, apply } = variantPlugin({
  latestReadingTime(_index, session) {
    const nodes = session.surface?.nodes ?? [];
    for (let i = nodes.length - 1; i >= 0; i--) {
      const event = session.events[nodes[i]];
      if (event !== undefined && isReadingEvent(event)) return event.time;
    }
    return undefined;
  },
});
