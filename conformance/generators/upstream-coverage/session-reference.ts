import { casesOf, fx, unit } from './case.js';

export const sessionReferenceCases = casesOf('session-reference', 'tests/session-reference.spec.ts', [
  ['round-trips arbitrary session ids and replaces mentions with readable labels', fx('Unicode ids round-trip and mentions become readable', 'URI helpers: any string round-trips', 'Mention helpers')],
  ['rejects malformed explicit references and base64url-shaped bare candidates', fx('A base64url-shaped bare URI that is not canonical', 'A malformed markdown mention fails the turn', 'A mention whose payload is not a JSON string', 'URI helpers: any string round-trips')],
  ['matches candidate metadata and titles before ranking by cwd', fx('listCandidates ranks same-cwd sessions first', 'A stalled session listing is cancelled')],
  ['serves the Remote face with the configured limit and canonical mentions', fx('The Remote candidates method uses the configured limit')],
  ['prepares direct mentions at pre-step and keeps ordinary and plugin messages unchanged', fx('Only direct messages are parsed', 'The citing message keeps its own id')],
  ['does not prepare a rejected pre-step and rejects malformed direct mentions', fx('A rejected pre-step reads no session', 'A malformed markdown mention fails the turn')],
  ['keeps metadata matches when one title observation fails and cancels a stalled title batch', fx('A failing title observation keeps the candidate', 'A stalled title batch is cancelled')],
  ['projects only the current user/assistant surface and records snapshot metadata', fx("Only the current surface's direct user messages")],
  ['excludes injected context when projecting a referenced session', fx('Earlier snapshots in the source are not propagated')],
  ['keeps source text inside tag-safe JSON framing without changing its value', fx('A hostile closing tag and injected instructions stay inside tag-safe JSON')],
  ['deduplicates before enforcing the cap and rejects self, excess, read failure, and cancellation', fx('Duplicates collapse before the cap', 'A duplicated self-reference', 'Three distinct sessions exceed maxReferences 2', 'A missing source session', 'A non-Error rejection of a read', 'A read that never answers is cancelled', 'An already aborted turn is cancelled', 'Referenced sessions are read concurrently')],
  ['retains compact checkpoints and latest messages within an exact per-reference UTF-8 budget', fx('Within 360 bytes the checkpoint and the newest message are kept')],
  ['applies the full byte limit independently to each of three references', fx('Each of three references gets the full byte budget')],
  ['fails without producing a partial context when fixed prompt data cannot fit', fx('A budget too small for the fixed data')],
  ['keeps target replay independent after source mutation, compaction, and deletion', fx('Changing, compacting and deleting the source after capture')],
  ['rejects direct invalid configuration before service publication', fx('maxReferences 0 is rejected', 'maxReferences 4 is rejected', 'maxReferenceBytes beyond the safe-integer range')],
]);

/** Cases of the suite's helper files that test internals with no plugin surface. */
export const sessionReferenceUnitCases = casesOf('session-reference', 'tests/session-reference.spec.ts (helper)', [
  ['stringifyTagSafeJson(undefined) throws "not JSON-serializable"', unit('reference/session-reference/payload.test.ts (an internal helper, not exported by the package)')],
]);
