import { createTimestampFormatter } from './timestamp.js';
import { withStandardSchema } from '../shared/standard-schema.js';

/**
 * time-context configuration and its load-time checks (both revisions share them).
 *
 * `Config` behaves like the published schemastery schema `object({timeZone: string, refreshIntervalMs:
 * number})`: both keys optional, `null`/`undefined` input means `{}`, wrong types throw a
 * `ValidationError` (a TypeError) with schemastery's wording. NaN and Infinity are numbers, so they
 * pass here and are rejected by {@link loadSettings}, whose checks run in DSH's order.
 */

export interface TimeContextConfig {
  timeZone?: string;
  refreshIntervalMs?: number;
}

export class ValidationError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

const FIELDS = [
  ['timeZone', 'string'],
  ['refreshIntervalMs', 'number'],
] as const;

export function Config(input?: unknown): TimeContextConfig {
  if (input === null || input === undefined) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new ValidationError(`expected object but got ${describe(input)}`);
  const resolved: Record<string, unknown> = { ...input };
  for (const [key, type] of FIELDS) {
    const value = (input as Record<string, unknown>)[key];
    // schemastery treats null like an absent optional key and passes it through unchanged.
    if (value === null || value === undefined) continue;
    if (typeof value !== type) throw new ValidationError(`$.${key} expected ${type} but got ${describe(value)}`);
    resolved[key] = value;
  }
  return resolved as TimeContextConfig;
}
// DSH validates config only through the Standard Schema interface (spec/verdicts.md, loading rules).
withStandardSchema(Config);

/** schemastery interpolates the offending value with template-literal coercion. */
function describe(value: unknown): string {
  return `${value as string}`;
}

export interface LoadedSettings {
  /** 0 or undefined: inject on every eligible attempt. */
  refreshIntervalMs: number | undefined;
  /** The zone used when a turn has no unique browser zone, resolved once at load. */
  fallbackZone: string;
  fallbackFormatter: Intl.DateTimeFormat;
}

/**
 * The load-time checks, in DSH's order: the interval first, then the zone. The process zone is
 * resolved here, once: a later change of `TZ` must not change what the plugin writes.
 */
export function loadSettings(config: TimeContextConfig): LoadedSettings {
  const { timeZone, refreshIntervalMs } = config;
  if (refreshIntervalMs !== undefined && (!Number.isSafeInteger(refreshIntervalMs) || refreshIntervalMs < 0)) {
    throw new TypeError(`time-context: refreshIntervalMs must be a non-negative safe integer, got ${String(refreshIntervalMs)}`);
  }
  let fallbackFormatter: Intl.DateTimeFormat;
  try {
    fallbackFormatter = createTimestampFormatter(timeZone);
  } catch (error) {
    const message = timeZone === undefined ? 'time-context: failed to resolve the system time zone' : `time-context: invalid IANA timeZone ${JSON.stringify(timeZone)}`;
    throw new Error(message, { cause: error });
  }
  return { refreshIntervalMs, fallbackZone: fallbackFormatter.resolvedOptions().timeZone, fallbackFormatter };
}
