/**
 * Reference implementation of the `agent-instructions` context source (spec: spec/agent-instructions.md),
 * behaviourally identical to `@deepseek-ai/dsh-agent-instructions@0.1.0-rc.8`: workspace instruction
 * files (`AGENTS.md`, `CLAUDE.md`, local overlays, the harness-home `AGENTS.md`) become a durable
 * baseline message before the first request, and file touches project nested, changed and removed
 * instructions through the inbox.
 *
 * Module map: config (schema, home, identity) · scope · digest · provider/probe/discovery/reads (the
 * file system) · text/budget (rendering) · baseline · changes (durable state) · reconcile · compose ·
 * inbox-sync · touches · plugin (listeners). There is deliberately no `inject` export.
 */
export const name = 'agent-instructions';
export { Config } from './config.js';
export type { AgentInstructionsConfig } from './config.js';
import { defaultParts } from './parts.js';
import { createApply } from './plugin.js';

export const apply = createApply(defaultParts);
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from './library.js';
export type { RenderedWorkspaceContext } from './baseline.js';
export type { TruncatedInstruction } from './text.js';
