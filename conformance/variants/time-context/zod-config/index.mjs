// Config written with zod 4 (a Standard Schema): both keys optional, null kept, unknown keys kept,
// no config means {}. zod refuses NaN and Infinity at the schema, where the published package refuses
// them in apply: a load failure either way, in other words.
import { z } from 'zod';
import { apply as upstreamApply } from '@deepseek-ai/dsh-time-context';

export const name = 'time-context';
export const inject = ['agents'];
export const Config = z
  .looseObject({ timeZone: z.string().nullish(), refreshIntervalMs: z.number().nullish() })
  .nullish()
  .transform((config) => config ?? {});

export function apply(ctx, config) {
  upstreamApply(ctx, config);
}
