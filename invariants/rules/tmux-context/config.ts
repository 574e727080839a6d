import { z } from 'zod';

/** What the tmux-context rules need to know of the plugin's config (the refresh interval). */
export const tmuxContextConfig = z.object({ refreshIntervalMs: z.number().nonnegative().optional() }).strict();
