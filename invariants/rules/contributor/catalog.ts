import type { RuleMeta } from '../../engine.js';

const doc = 'spec/contributor.md';

/**
 * The contributor-pattern rules (`CTX-*`): what every context contributor shares, whichever plugin it
 * is (the four official sources and any third-party plugin). The conformance suite judges all of them
 * over generated sessions; the ones a log alone can decide (`LOG_DECIDABLE`) are also applied by
 * `check` to the messages of any plugin source. Ids are stable; `spec/contributor.md` lists each with
 * exactly this MUST sentence (a test keeps the two equal).
 */
export const contributorRules = {
  'CTX-REPLAY-1': {
    severity: 'error',
    title: 'A fresh instance makes the same decision',
    must: 'At every pre-step, a plugin instance built fresh (new process, new module state) over the same durable log MUST make the same decision as the instance that lived through the session (same messages added at the same places, ids normalised); the decision MAY depend only on the durable log, the clock, the environment and the config.',
    doc,
  },
  'CTX-REPLAY-2': {
    severity: 'error',
    title: 'Restart-equivalence holds after compaction',
    must: 'CTX-REPLAY-1 MUST also hold at every pre-step after a compaction: a fresh instance over a compacted log decides as the instance that lived through the compaction.',
    doc,
  },
  'CTX-APPEND-1': {
    severity: 'error',
    title: 'The downstream batch comes back complete and in order',
    must: 'On an enter decision the plugin MUST return every message of the downstream batch, in the downstream order (it MUST NOT remove or reorder a message it did not create).',
    doc,
  },
  'CTX-APPEND-2': {
    severity: 'error',
    title: 'Messages the plugin did not create are unchanged',
    must: 'Every downstream message MUST come back unchanged (same id, source and content); a plugin MUST NOT edit a message it did not create, in the batch or in the durable log.',
    doc,
  },
  'CTX-APPEND-3': {
    severity: 'error',
    title: 'Added messages go where the family puts them',
    must: 'Messages the plugin adds MUST come after every downstream message of the batch (after the reusable request prefix and after what other listeners contributed), unless the source\'s own spec places them elsewhere.',
    doc,
  },
  'CTX-APPEND-4': {
    severity: 'error',
    title: 'Plugin messages are appended, never replace',
    must: 'A user/message from a plugin source (other than a compaction checkpoint) MUST be written with surfaceOp "append": a context contributor never rewrites or hides earlier events.',
    doc,
  },
  'CTX-APPEND-5': {
    severity: 'error',
    title: 'Plugin messages land in the open step\'s batch',
    must: 'A user/message from a plugin source (other than a compaction checkpoint) MUST be written inside an open step, in its batch (after step/start and before the step\'s first request/header, assistant/message, tool/call or tool/result), or directly after a tool/result with the messages that follow it (a tool result\'s `additionalContexts`).',
    doc,
  },
  'CTX-SOURCE-1': {
    severity: 'error',
    title: 'Every added message carries a source',
    must: 'Every message the plugin adds MUST carry a `source` object whose `kind` is a non-empty string.',
    doc,
  },
  'CTX-SOURCE-2': {
    severity: 'error',
    title: 'Never the direct-user source',
    must: 'A message the plugin adds MUST NOT use a direct-user source (`kind` "user" or "user-rpc"), and context MUST NOT be pasted into the user\'s own message: downstream systems tell context from user input by the source.',
    doc,
  },
  'CTX-SOURCE-3': {
    severity: 'error',
    title: 'A plugin source names the plugin',
    must: 'A `{kind:"plugin"}` source MUST have a non-empty string `plugin`, and in the suite it MUST equal the plugin\'s name (never "compact", which marks compaction checkpoints, unless the plugin is the compactor).',
    doc,
  },
  'CTX-SOURCE-4': {
    severity: 'error',
    title: 'Added messages are JSON',
    must: 'Every message the plugin adds MUST be JSON-serialisable without loss (no undefined members, functions, non-finite numbers, bigints, class instances or cycles).',
    doc,
  },
  'CTX-SOURCE-5': {
    severity: 'error',
    title: 'The source is stable for the same decision',
    must: 'When a fresh instance makes the same decision (the same text at the same place), the source it writes MUST equal the one the living instance wrote.',
    doc,
  },
  'CTX-REJECT-1': {
    severity: 'error',
    title: 'A downstream reject passes through',
    must: 'When the downstream decision is a reject, the plugin MUST return it unchanged and add nothing.',
    doc,
  },
  'CTX-ABORT-1': {
    severity: 'warning',
    title: 'An aborted pre-step returns the decision unchanged',
    must: 'When the pre-step\'s signal is aborted (before the listener ran or by the time the downstream decision arrived), the plugin SHOULD return the downstream decision unchanged, as the four official sources do.',
    doc,
  },
  'CTX-ABORT-2': {
    severity: 'warning',
    title: 'An aborted pre-step is not thrown from the listener',
    must: 'When the pre-step\'s signal is aborted, the plugin SHOULD return rather than throw (no AbortError out of the listener).',
    doc,
  },
  'CTX-CONTAIN-1': {
    severity: 'error',
    title: 'Failures of what the plugin depends on do not fail the turn',
    must: 'A failing service call or a throwing dependency MUST NOT fail the turn: when the downstream neither threw nor aborted, the pre-step MUST end in a decision, unless the plugin\'s purpose requires failing (opt in with --waive CTX-CONTAIN-1).',
    doc,
  },
  'CTX-CONTAIN-2': {
    severity: 'error',
    title: 'A downstream failure is not swallowed',
    must: 'When the downstream listener throws, the plugin MUST let the failure through (it MUST NOT turn a failed turn into an enter or a reject).',
    doc,
  },
  'CTX-COMPACT-1': {
    severity: 'info',
    title: 'Whether context hidden by compaction is sent again',
    must: 'Whether the plugin re-sends context that a compaction hid is reported (with the seq of the hidden message); sources differ on purpose, so either answer is allowed.',
    doc,
  },
  'CTX-HOST-1': {
    severity: 'info',
    title: 'Services the host does not offer',
    must: 'Every service the plugin asked for that the simulated host does not offer is reported; decisions that depend on it are not tested.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type ContributorRuleId = keyof typeof contributorRules;

/** The rules `check` applies to a production log (the log alone decides them). */
export const LOG_DECIDABLE: readonly ContributorRuleId[] = ['CTX-SOURCE-3', 'CTX-APPEND-4', 'CTX-APPEND-5'];

/** Direct-user source kinds (CTX-SOURCE-2). */
export const DIRECT_USER_KINDS: ReadonlySet<string> = new Set(['user', 'user-rpc']);

/**
 * Source kinds that are not context contributions: direct users, tools and models. A user/message with
 * any other kind is a contribution from some producer ("a plugin source"), which the log rules judge.
 */
export const NON_CONTRIBUTOR_KINDS: ReadonlySet<string> = new Set(['user', 'user-rpc', 'tool', 'model']);

/** The compaction checkpoint source (written by the compactor, replaces surface nodes on purpose). */
export const isCompactionCheckpoint = (source: Record<string, unknown>): boolean => source.kind === 'plugin' && source.plugin === 'compact';

/**
 * Whether a source is one of the four official sources' (their own rule modules — TC-*, TMUX-*, AI-*,
 * SR-* — judge its placement more precisely, so the generic log rules leave it to them).
 */
export const isOfficialSource = (source: Record<string, unknown>): boolean =>
  (source.kind === 'plugin' && (source.plugin === 'time-context' || source.plugin === 'tmux-context')) || source.kind === 'agent-instructions' || source.kind === 'session-reference';
