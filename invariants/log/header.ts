import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { ReaderMessageFor } from './reader-rules.js';
import type { SessionHeader } from './types.js';

/** The only session log format version DSH writes and reads (`SESSION_FORMAT_VERSION`). */
export const SESSION_FORMAT_VERSION = 0;

const safeNonNegative = z.number().refine((n) => Number.isSafeInteger(n) && n >= 0, 'must be a non-negative safe integer');

/**
 * The header line as the JSONL backend writes it (`toHeaderLine`): `delegationDepth` is required on
 * disk (0 at top level), `cwd` is absolute. Unknown extra keys are tolerated (DSH's own validator does),
 * but the retired `sandboxMode` / `approvalPolicy` header fields make DSH refuse the log.
 */
export const SessionHeaderSchema = z
  .object({
    type: z.literal('session'),
    version: z.literal(SESSION_FORMAT_VERSION),
    id: z.string().min(1),
    createdAt: safeNonNegative,
    cwd: z.string().refine((p) => isAbsolute(p), 'must be an absolute path').optional(),
    parentSession: z.string().optional(),
    seedLength: safeNonNegative.optional(),
    origin: z.literal('subagent').optional(),
    delegationDepth: safeNonNegative,
    agentPreset: z.string().optional(),
    sandboxMode: z.never({ error: 'is a retired header field; DSH refuses headers that carry it' }).optional(),
    approvalPolicy: z.never({ error: 'is a retired header field; DSH refuses headers that carry it' }).optional(),
  })
  .loose();

export type HeaderVerdict =
  | { ok: true; header: SessionHeader }
  | { ok: false; message: ReaderMessageFor<'LOG-HDR-1' | 'LOG-HDR-2'> };

/**
 * Judges the first line. A foreign `version` is refused before any shape check, with the direction
 * DSH gives (`sessionFormatVersionRefusal`): newer means "upgrade", older means "no upgrade path".
 */
export function validateHeader(value: unknown): HeaderVerdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: { rule: 'LOG-HDR-1', messageId: 'notHeaderObject', data: { foundKind: describe(value) } } };
  }
  const record = value as Record<string, unknown>;
  if (record.type !== 'session') {
    return { ok: false, message: { rule: 'LOG-HDR-1', messageId: 'notSessionType', data: { foundType: shortValue(record.type) } } };
  }
  const version = record.version;
  if (typeof version === 'number' && Number.isFinite(version) && version !== SESSION_FORMAT_VERSION) {
    return { ok: false, message: { rule: 'LOG-HDR-2', messageId: 'foreignVersion', data: { version, supported: SESSION_FORMAT_VERSION } } };
  }
  const parsed = SessionHeaderSchema.safeParse(record);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { ok: false, message: { rule: 'LOG-HDR-1', messageId: 'invalidHeader', data: { issues } } };
  }
  return { ok: true, header: record as SessionHeader };
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A short, always-safe rendering of a value for a message: strings quoted and cut, other scalars as
 * written, containers only by kind. Never `JSON.stringify` on a record value: a 10k-deep array would
 * overflow the stack, and a 100 MB string would be copied into the message.
 */
export function shortValue(value: unknown, max = 60): string {
  if (typeof value === 'string') return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return describe(value);
}
