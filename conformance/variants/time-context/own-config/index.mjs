// A hand-written Standard Schema that checks everything at the schema, in its own words (the interval
// and the zone included), and extra exports beside the plugin: an error class and a helper.
import { apply as upstreamApply } from '@deepseek-ai/dsh-time-context';

export class TimeContextConfigError extends Error {}

export function isValidZone(zone) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function problems(input) {
  if (input === null || input === undefined) return [];
  if (typeof input !== 'object' || Array.isArray(input)) return [{ message: 'time-context wants an object as its configuration' }];
  const out = [];
  const { timeZone, refreshIntervalMs } = input;
  if (refreshIntervalMs !== undefined && refreshIntervalMs !== null && !(Number.isSafeInteger(refreshIntervalMs) && refreshIntervalMs >= 0)) {
    out.push({ message: 'please give the refresh interval as whole milliseconds (0 or more)', path: ['refreshIntervalMs'] });
  }
  if (timeZone !== undefined && timeZone !== null && (typeof timeZone !== 'string' || !isValidZone(timeZone))) {
    out.push({ message: 'that is not a time zone this runtime knows', path: ['timeZone'] });
  }
  return out;
}

export const name = 'time-context';
export const inject = ['agents'];
export const Config = {
  '~standard': {
    version: 1,
    vendor: 'time-context-variant',
    validate(input) {
      const issues = problems(input);
      return issues.length ? { issues } : { value: input ?? {} };
    },
  },
};

export function apply(ctx, config) {
  upstreamApply(ctx, config);
}
