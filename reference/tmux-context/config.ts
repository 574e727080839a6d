import { withStandardSchema } from '../shared/standard-schema.js';

/**
 * tmux-context configuration: `{ refreshIntervalMs?: number }`.
 *
 * Two stages, as in DSH: the loader first runs `Config` (a schema check that only asks "is it a
 * number, if present?"), then `apply` rejects anything that is not a non-negative safe integer. The
 * split matters because NaN, Infinity, -1, 1.5 and even `null` pass the schema and are reported by the
 * load-time check with its own message (`tmux-context: refreshIntervalMs must be ...`).
 */

export interface TmuxContextConfig {
  /** Minimum milliseconds between durable readings in one session; omitted or 0 means no floor. */
  refreshIntervalMs?: number;
  [key: string]: unknown;
}

/** The schema-stage error; named like the one DSH's config validation throws. */
export class ConfigValidationError extends Error {
  override readonly name = 'ValidationError';
}

/**
 * Validate a raw config and return the resolved one (a fresh object; unknown keys are kept, `null` and
 * `undefined` mean "no config"). Only a present, non-null `refreshIntervalMs` whose type is not
 * `number` fails here; every numeric value goes on to {@link validateRefreshInterval}.
 */
export function Config(raw: unknown): TmuxContextConfig {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigValidationError(`expected object but got ${describeValue(raw)}`);
  }
  const resolved: TmuxContextConfig = { ...(raw as Record<string, unknown>) };
  const interval = resolved.refreshIntervalMs;
  if (interval !== undefined && interval !== null && typeof interval !== 'number') {
    throw new ConfigValidationError(`$.refreshIntervalMs expected number but got ${describeValue(interval)}`);
  }
  return resolved;
}
// DSH validates config only through the Standard Schema interface (spec/verdicts.md, loading rules).
withStandardSchema(Config);

/** How a rejected value is spelled in the message: its string conversion (an array joins its items). */
function describeValue(value: unknown): string {
  return `${value as string}`;
}

/** The load-time check: a defined interval must be a safe integer ≥ 0. */
export function validateRefreshInterval(refreshIntervalMs: unknown): void {
  if (refreshIntervalMs !== undefined && (!Number.isSafeInteger(refreshIntervalMs) || (refreshIntervalMs as number) < 0)) {
    throw new TypeError(`tmux-context: refreshIntervalMs must be a non-negative safe integer, got ${String(refreshIntervalMs)}`);
  }
}
