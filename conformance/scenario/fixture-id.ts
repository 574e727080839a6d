import { createHash } from 'node:crypto';
import { canonicalJson } from './normalise.js';

/** Fields the hash sees under an earlier name (canonical JSON sorts keys, so only the name matters). */
const HASHED_NAMES = { revisions: 'spec' } as const;

/**
 * A fixture's stable id: the first 12 hex digits of the SHA-256 of its canonical JSON without the id
 * (and without provenance, which says how it was made, not what it is). Any change to what the
 * fixture asserts changes its id, so an expected-failures entry can never silently point at a
 * different test (the JSON-Schema-Test-Suite lesson).
 *
 * A rename is not a change to what a fixture asserts. The fixture field `revisions` was called `spec`
 * in 0.1, and the hash still sees it under that name: the canonical JSON is the one 0.1 hashed, so
 * every fixture kept its id across the rename and users' expected-failures baselines stay valid. (A
 * file still written with `spec` is read as `revisions`, see `store.ts`.)
 */
export function fixtureId(fixture: Record<string, unknown>): string {
  const { id: _id, provenance: _p, revisions, ...content } = fixture;
  const hashed = revisions === undefined ? content : { ...content, [HASHED_NAMES.revisions]: revisions };
  return createHash('sha256').update(canonicalJson(hashed)).digest('hex').slice(0, 12);
}
