import { z } from 'zod';

/**
 * The session-reference config as the rules see it: any keys (the plugin's own schema judges them);
 * the rules read `maxReferences` and `maxReferenceBytes` when they are numbers.
 */
export const sessionReferenceConfig = z.record(z.string(), z.unknown());
