import type { RuleMeta } from '../../engine.js';

const doc = 'spec/session-reference.md';

/**
 * session-reference rules. Upstream's invariant companion checks nothing; these are derived from the
 * published behaviour (spec/session-reference.md) and judge every `user/message` whose source kind is
 * `session-reference`.
 */
export const sessionReferenceRuleMeta = {
  'SR-SRC-1': {
    severity: 'error',
    title: 'Recall source shape',
    must: 'A session-reference context MUST have the source {kind:"session-reference", form:"recall", version:1, references} with exactly these keys and `references` an array.',
    doc,
  },
  'SR-SRC-2': {
    severity: 'error',
    title: 'One to three references',
    must: 'A session-reference context MUST carry at least 1 and at most 3 references, and at most `maxReferences` when the configuration is known.',
    doc,
  },
  'SR-SRC-3': {
    severity: 'error',
    title: 'Reference entry shape and order',
    must: 'Each reference MUST have exactly the keys sessionId, label (strings), capturedThroughSeq (a non-negative integer or null), compacted, truncated (booleans), originalMessages, retainedMessages, omittedMessages, omittedBytes (non-negative integers) and inputIndex, and inputIndex MUST equal the entry\'s position (0, 1, 2).',
    doc,
  },
  'SR-SRC-4': {
    severity: 'error',
    title: 'Distinct sources',
    must: 'The references of one context MUST name distinct session ids (duplicates are removed before the cap).',
    doc,
  },
  'SR-SELF-1': {
    severity: 'error',
    title: 'No self-reference',
    must: 'No reference MAY name the session whose log holds the context (the header id).',
    doc,
  },
  'SR-STAT-1': {
    severity: 'error',
    title: 'Truncation flag',
    must: 'A reference\'s `truncated` MUST be true exactly when omittedMessages > 0 or omittedBytes > 0.',
    doc,
  },
  'SR-STAT-2': {
    severity: 'error',
    title: 'Message counts add up',
    must: 'A reference\'s retainedMessages + omittedMessages MUST equal originalMessages.',
    doc,
  },
  'SR-TXT-1': {
    severity: 'error',
    title: 'Framed payload',
    must: 'The context MUST have exactly one content block, a text block that starts with the exact "## Referenced sessions" prefix ending in "<referenced-sessions>\\n", ends with "\\n</referenced-sessions>", and contains "</referenced-sessions>" exactly once.',
    doc,
  },
  'SR-TXT-2': {
    severity: 'error',
    title: 'Tag-safe JSON',
    must: 'The text between the framing MUST be a JSON array containing no "<" character (every "<" of the data written as \\u003c).',
    doc,
  },
  'SR-TXT-3': {
    severity: 'error',
    title: 'Payload matches the source',
    must: 'The JSON array MUST have one object per reference, in order, with exactly the keys sessionId, label, cwd, capturedThroughSeq, conversation; its sessionId, label and capturedThroughSeq MUST equal the reference\'s, and its conversation MUST have retainedMessages entries.',
    doc,
  },
  'SR-BUDGET-1': {
    severity: 'error',
    title: 'Per-reference byte budget',
    must: 'When maxReferenceBytes is known, each JSON object, serialised tag-safe, MUST take at most maxReferenceBytes UTF-8 bytes.',
    doc,
  },
  'SR-POS-1': {
    severity: 'error',
    title: 'Right after the citing message',
    must: 'A session-reference context MUST immediately follow (previous event of the log) a user/message whose source kind is "user", the direct message that cited the sessions.',
    doc,
  },
  'SR-POS-2': {
    severity: 'error',
    title: 'Mentions resolved',
    must: 'The citing direct message MUST NOT still contain a session mention (a markdown @[label](dsh-session:…) or a bare dsh-session: URI with a base64url payload); mentions are rewritten to @label.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type SessionReferenceRuleId = keyof typeof sessionReferenceRuleMeta;
