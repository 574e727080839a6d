import type { PreviousReading } from '../../../reference/tmux-context/reading-index.js';
import { variantPlugin } from './support/variant.js';

export const description = 'Remembers the last reading in process memory instead of reading the log, so a restart forgets it.';

export const { name, inject, Config, apply } = variantPlugin({
  previous: () => {
    let last: PreviousReading | undefined;
    return {
      lookup: () => last,
      seen(state, time) {
        last = { state, time };
      },
    };
  },
});
