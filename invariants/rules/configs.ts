import { z } from 'zod';
import type { SourceName } from '../../spec/revisions.js';
import { agentInstructionsConfig } from './agent-instructions/config.js';
import { sessionReferenceConfig } from './session-reference/config.js';
import { timeContextConfig } from './time-context/config.js';
import { tmuxContextConfig } from './tmux-context/config.js';

/**
 * The source registry, validator side (configs): what each source's rules may be told about its
 * plugin's config (`check --config`, a fixture's config). Kept apart from the rule modules so the
 * engine can name the type without importing any rule. A source without its schema is a compile error.
 */
export const SOURCE_CONFIGS = {
  'time-context': timeContextConfig,
  'tmux-context': tmuxContextConfig,
  'agent-instructions': agentInstructionsConfig,
  'session-reference': sessionReferenceConfig,
} as const satisfies Record<SourceName, z.ZodType>;

/** `{<source>?: <its config>}`, strict: an unknown source name is a usage error, not ignored. */
export const KnownConfigsSchema = z
  .object(Object.fromEntries(Object.entries(SOURCE_CONFIGS).map(([name, schema]) => [name, schema.optional()])) as { [S in SourceName]: z.ZodOptional<(typeof SOURCE_CONFIGS)[S]> })
  .strict();

export type KnownConfigs = { [S in SourceName]?: z.infer<(typeof SOURCE_CONFIGS)[S]> };
