import type { RuleModule } from '../engine.js';
import { agentInstructionsRules } from './agent-instructions/index.js';
import { contributorLogRules } from './contributor/index.js';
import { coreRuleModules } from './core/index.js';
import { sessionReferenceRules } from './session-reference/index.js';
import { timeContextRules } from './time-context/index.js';
import { tmuxContextRules } from './tmux-context/index.js';

/**
 * Every rule module the validator runs, in order. To add a source's rules, import its module and add
 * one line below; `ruleIndex` (engine.ts) refuses duplicate rule ids across modules.
 */
export const allRuleModules: RuleModule[] = [
  ...coreRuleModules,
  timeContextRules,
  tmuxContextRules,
  agentInstructionsRules,
  sessionReferenceRules,
  // The log-decidable CTX-* rules, for the messages of any plugin source (spec/contributor.md).
  contributorLogRules,
  // time-context, tmux-context, agent-instructions, session-reference modules go here.
];
