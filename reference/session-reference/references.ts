import { SessionReferenceError } from './config.js';

/**
 * Normalising the references of one message before anything is read (spec "Preparation"):
 * shape checks, then self-reference (any occurrence, duplicated or not, fails), then deduplication
 * keeping the first label, and only then the cap, so repeating one session never counts twice.
 */

export interface NormalisedReference {
  sessionId: string;
  label: string;
}

export function normaliseReferences(selfId: string, references: readonly unknown[], maxReferences: number): NormalisedReference[] {
  const seen = new Set<string>();
  const distinct: NormalisedReference[] = [];
  for (const candidate of references) {
    if (typeof candidate !== 'object' || candidate === null) {
      throw new SessionReferenceError('session reference must be an object', 'SESSION_REFERENCE_INVALID_REFERENCE');
    }
    const { sessionId, label } = candidate as { sessionId?: unknown; label?: unknown };
    if (typeof sessionId !== 'string' || (label !== undefined && typeof label !== 'string')) {
      throw new SessionReferenceError('session reference must contain a string sessionId and optional string label', 'SESSION_REFERENCE_INVALID_REFERENCE');
    }
    if (sessionId === selfId) {
      throw new SessionReferenceError(`session ${JSON.stringify(selfId)} cannot reference itself`, 'SESSION_REFERENCE_SELF_REFERENCE');
    }
    if (seen.has(sessionId)) continue;
    seen.add(sessionId);
    distinct.push({ sessionId, label: label ?? sessionId });
  }
  if (distinct.length > maxReferences) {
    throw new SessionReferenceError(`a message may reference at most ${maxReferences} sessions`, 'SESSION_REFERENCE_TOO_MANY');
  }
  return distinct;
}
