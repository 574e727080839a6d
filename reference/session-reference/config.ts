import { withStandardSchema } from '../shared/standard-schema.js';

/**
 * Configuration of the session-reference service: the published limits, the stable error type, the
 * load-time `Config` schema and the constructor's own re-check.
 *
 * Two layers validate, as in DSH: the plugin loader runs `Config` (a schemastery object in upstream;
 * here a callable with the same defaults, acceptance and error texts), and the constructor checks the
 * resolved values again because a direct `new SessionReferenceResolver(ctx, config)` bypasses the
 * schema (spec/session-reference.md, "Configuration").
 */

/** Hard maximum number of distinct sessions one message may reference. */
export const MAX_REFERENCES = 3;
/** Default number of discovery candidates returned to a host. */
export const DEFAULT_CANDIDATE_LIMIT = 50;
/** Default UTF-8 budget for one rendered reference JSON object. */
export const DEFAULT_MAX_REFERENCE_BYTES = 65_536;

export type SessionReferenceErrorCode =
  | 'SESSION_REFERENCE_INVALID_CONFIG'
  | 'SESSION_REFERENCE_INVALID_REFERENCE'
  | 'SESSION_REFERENCE_SELF_REFERENCE'
  | 'SESSION_REFERENCE_TOO_MANY'
  | 'SESSION_REFERENCE_READ_FAILED'
  | 'SESSION_REFERENCE_BUDGET_EXCEEDED'
  | 'SESSION_REFERENCE_CANCELLED';

/** Every failure the service raises carries a stable `code` a host maps to its protocol errors. */
export class SessionReferenceError extends Error {
  readonly code: SessionReferenceErrorCode;

  constructor(message: string, code: SessionReferenceErrorCode, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'SessionReferenceError';
  }
}

export interface SessionReferenceConfig {
  maxReferences: number;
  candidateLimit: number;
  maxReferenceBytes: number;
}

/** A config value the schema rejected; the text follows schemastery's (`$.key expected … but got …`). */
export class ValidationError extends TypeError {
  override name = 'ValidationError';
}

interface IntegerField {
  key: keyof SessionReferenceConfig;
  fallback: number;
  max?: number;
}

/** Field order matters: it is both the check order and the key order of the resolved object. */
const FIELDS: readonly IntegerField[] = [
  { key: 'maxReferences', fallback: MAX_REFERENCES, max: MAX_REFERENCES },
  { key: 'candidateLimit', fallback: DEFAULT_CANDIDATE_LIMIT },
  { key: 'maxReferenceBytes', fallback: DEFAULT_MAX_REFERENCE_BYTES },
];

const isNullish = (value: unknown): value is null | undefined => value === null || value === undefined;

/** A number ≥ 1 in steps of 1 (counted from the minimum, like schemastery's `step(1).min(1)`). */
function checkField(field: IntegerField, value: unknown): number {
  const at = `$.${field.key}`;
  if (typeof value !== 'number') throw new ValidationError(`${at} expected number but got ${value}`);
  if (field.max !== undefined && value > field.max) throw new ValidationError(`${at} expected number <= ${field.max} but got ${value}`);
  if (value < 1) throw new ValidationError(`${at} expected number >= 1 but got ${value}`);
  // NaN and ±Infinity fail here too, with the same wording upstream uses.
  if ((value - 1) % 1 !== 0) throw new ValidationError(`${at} expected number multiple of 1 but got ${value}`);
  return value;
}

/**
 * The load-time schema: missing or nullish fields take their defaults; anything else must be a
 * positive whole number (≤ 3 for `maxReferences`). Unknown keys pass through, as schemastery's
 * non-strict object does. The result is a fresh object; the input is not modified.
 */
export function Config(input?: unknown): SessionReferenceConfig & Record<string, unknown> {
  const data = isNullish(input) ? {} : input;
  if (!(data && typeof data === 'object' && !Array.isArray(data))) throw new ValidationError(`expected object but got ${data}`);
  const source = data as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = source[field.key];
    result[field.key] = isNullish(value) ? field.fallback : checkField(field, value);
  }
  // Inherited enumerable keys included, exactly like the `for…in` merge upstream's schema performs.
  for (const key in source) if (!(key in result)) result[key] = source[key];
  return result as SessionReferenceConfig & Record<string, unknown>;
}
// DSH validates config only through the Standard Schema interface (spec/verdicts.md, loading rules).
withStandardSchema(Config);

/**
 * What the constructor accepts after (or without) the schema: every field a positive safe integer
 * and `maxReferences` at most {@link MAX_REFERENCES}. Throws INVALID_CONFIG with the exact texts.
 */
export function resolveConstructorConfig(config: Partial<SessionReferenceConfig>): SessionReferenceConfig {
  const resolved: SessionReferenceConfig = {
    maxReferences: config.maxReferences ?? MAX_REFERENCES,
    candidateLimit: config.candidateLimit ?? DEFAULT_CANDIDATE_LIMIT,
    maxReferenceBytes: config.maxReferenceBytes ?? DEFAULT_MAX_REFERENCE_BYTES,
  };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new SessionReferenceError(`session-reference: ${key} must be a positive safe integer`, 'SESSION_REFERENCE_INVALID_CONFIG');
    }
  }
  if (resolved.maxReferences > MAX_REFERENCES) {
    throw new SessionReferenceError(`session-reference: maxReferences must not exceed ${MAX_REFERENCES}`, 'SESSION_REFERENCE_INVALID_CONFIG');
  }
  return resolved;
}
