// The configuration contract (AI-REQ-1) written with valibot: maxBytes required, the defaults filled in,
// maxSourceBytes a whole number >= 1, unknown keys kept.
import * as v from 'valibot';
import { apply as upstreamApply } from '@deepseek-ai/dsh-agent-instructions';

const names = (fallback) => v.optional(v.nullable(v.array(v.string())), fallback);

export const name = 'agent-instructions';
export const Config = v.pipe(
  v.nullish(v.looseObject({}), {}),
  v.transform((config) => config ?? {}),
  v.looseObject({
    dshHome: v.optional(v.string()),
    projectRootMarkers: names(['.git']),
    maxBytes: v.number(),
    maxSourceBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1048576),
    instructionFileCandidates: names(['AGENTS.md', 'CLAUDE.md']),
    localInstructionFileCandidates: names(['AGENTS.local.md', 'CLAUDE.local.md']),
  }),
);

export function apply(ctx, config) {
  upstreamApply(ctx, config);
}

// The documented library functions, re-exported (DSH consumers import them by name).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '@deepseek-ai/dsh-agent-instructions';
