import { createHash } from 'node:crypto';
import { canonicalJson } from './normalise.js';

/**
 * A fixture's stable id: the first 12 hex digits of the SHA-256 of its canonical JSON without the id
 * (and without provenance, which says how it was made, not what it is). Any change to what the
 * fixture asserts changes its id, so an expected-failures entry can never silently point at a
 * different test (the JSON-Schema-Test-Suite lesson).
 */
export function fixtureId(fixture: Record<string, unknown>): string {
  const { id: _id, provenance: _p, ...content } = fixture;
  return createHash('sha256').update(canonicalJson(content)).digest('hex').slice(0, 12);
}
