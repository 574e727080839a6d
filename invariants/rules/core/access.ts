/**
 * Defensive readers for untrusted event payloads. A rule must never throw on a malformed event (that
 * would be a kit crash, exit 3); it reads fields through these and reports what it found instead.
 */
export type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export const rec = (v: unknown): Rec | undefined => (isRec(v) ? v : undefined);

export const isSafeInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export const isSeq = (v: unknown): v is number => isSafeInt(v) && v >= 0;

export const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export { show } from '../../text/show.js';
