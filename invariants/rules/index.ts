import type { RuleModule } from '../engine.js';
import type { SourceName } from '../../spec/revisions.js';
import { SOURCES } from '../../spec/revisions.js';
import { agentInstructionsRules } from './agent-instructions/index.js';
import { contributorLogRules } from './contributor/index.js';
import { coreRuleModules } from './core/index.js';
import { sessionReferenceRules } from './session-reference/index.js';
import { timeContextRules } from './time-context/index.js';
import { tmuxContextRules } from './tmux-context/index.js';

export { KnownConfigsSchema, SOURCE_CONFIGS, type KnownConfigs } from './configs.js';

/**
 * The source registry, validator side (rules): one rule module per source. A name in `SOURCES`
 * without its module is a compile error; the configs each module may be told about are
 * `./configs.ts`. `ruleIndex` (engine.ts) refuses duplicate rule ids across modules.
 */
export const SOURCE_RULES = {
  'time-context': timeContextRules,
  'tmux-context': tmuxContextRules,
  'agent-instructions': agentInstructionsRules,
  'session-reference': sessionReferenceRules,
} as const satisfies Record<SourceName, RuleModule>;

/** Every rule module the validator runs, in order: the core log rules, then each source's. */
export const allRuleModules: RuleModule[] = [
  ...coreRuleModules,
  ...SOURCES.map((s) => SOURCE_RULES[s]),
  // The log-decidable CTX-* rules, for the messages of any plugin source (spec/contributor.md).
  contributorLogRules,
];
