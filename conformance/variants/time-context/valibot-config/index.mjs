// Config written with valibot (a Standard Schema since v1).
import * as v from 'valibot';
import { apply as upstreamApply } from '@deepseek-ai/dsh-time-context';

export const name = 'time-context';
export const inject = ['agents'];
export const Config = v.pipe(
  v.nullish(v.looseObject({ timeZone: v.nullish(v.string()), refreshIntervalMs: v.nullish(v.number()) })),
  v.transform((config) => config ?? {}),
);

export const apply = (ctx, config) => upstreamApply(ctx, config);
