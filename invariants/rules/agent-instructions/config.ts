import { z } from 'zod';

/**
 * The agent-instructions config as the rules see it: any keys (the plugin's own schema judges them);
 * the rules read `maxBytes` when it is a number.
 */
export const agentInstructionsConfig = z.record(z.string(), z.unknown());
