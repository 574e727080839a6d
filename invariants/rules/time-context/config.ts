import { z } from 'zod';

/** What the time-context rules need to know of the plugin's config (TC-SCHED-1 needs the interval). */
export const timeContextConfig = z.object({ refreshIntervalMs: z.number().nonnegative().optional(), timeZone: z.string().optional() }).strict();
