// zod 4 Config that checks the whole contract at the schema (a non-negative safe integer interval),
// so invalid intervals fail with zod's wording instead of the published apply's.
import { z } from 'zod';
import { apply as upstreamApply } from '@deepseek-ai/dsh-tmux-context';

export const name = 'tmux-context';
export const inject = ['agents'];
export const Config = z
  .looseObject({ refreshIntervalMs: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() })
  .nullish()
  .transform((config) => config ?? {});

export function apply(ctx, config) {
  upstreamApply(ctx, config);
}
