import type { RuleModule } from '../../engine.js';
import { isRec, nonEmptyString, rec, show } from '../core/access.js';
import { LOG_DECIDABLE, NON_CONTRIBUTOR_KINDS, contributorRules, isCompactionCheckpoint, isOfficialSource } from './catalog.js';
import { defineMessages } from '../../message-templates.js';

/**
 * The log-decidable contributor rules, applied by `check` to the messages of any plugin source (a
 * user/message whose source kind is none of user, user-rpc, tool, model; not a compaction checkpoint;
 * not one of the four official sources, whose own rules judge their placement) and by the suite to
 * the log a plugin under test produced. What needs the plugin itself (its decisions, a restart) is judged in
 * conformance/contributor.
 */
const rules = Object.fromEntries(LOG_DECIDABLE.map((id) => [id, contributorRules[id]]));

/** Events after which a step's batch is closed: the request is being built from it. */
const BATCH_CLOSERS: ReadonlySet<string> = new Set(['request/header', 'assistant/message', 'tool/call', 'tool/result']);
const VISITED: ReadonlySet<string> = new Set(['user/message', 'step/start', ...BATCH_CLOSERS]);

/** Whose message it is: a plugin (its name shown) or another source kind (shown); cut to 40. */
type Who = { plugin: string | null; kind: string };
const whoText = (d: Who): string => (d.plugin !== null ? `plugin ${d.plugin}` : `source kind ${d.kind}`);

export const contributorMessages = defineMessages({
  'CTX-SOURCE-3': {
    unnamedPlugin: (d: { found: string }) => `expected a {kind:"plugin"} source to name its plugin with a non-empty string, found plugin ${d.found}`,
  },
  'CTX-APPEND-4': {
    replaces: (d: Who & { start: string; end: string }) => `expected the message of ${whoText(d)} to be appended; it replaces surface seqs ${d.start}..${d.end}, rewriting earlier events`,
  },
  'CTX-APPEND-5': {
    noOpenStep: (d: Who) => `expected the message of ${whoText(d)} inside an open step; no step is open`,
    /** `turn`/`step`: the open ones, shown (cut to 20); `closedBy`: the seq that closed the batch, shown. */
    batchClosed: (d: Who & { turn: string; step: string; closedBy: string }) =>
      `expected the message of ${whoText(d)} in the batch of turn ${d.turn}/step ${d.step}; the batch closed at seq ${d.closedBy} when the request was built`,
  },
});

export const contributorLogRules: RuleModule<typeof contributorMessages> = {
  name: 'contributor',
  source: 'contributor',
  rules,
  messages: contributorMessages,
  create(ctx) {
    // Whether the open step's batch still accepts messages (reset by every step/start).
    let batchOpen = false;
    let closedBy: number | null = null;
    // Directly after a tool/result (and the messages that follow it): where DSH appends the tool
    // result's `additionalContexts`, which a plugin's tools/result listener may add to.
    let afterToolResult = false;
    return {
      eventTypes: VISITED,
      onEvent(located, model) {
        const { event } = located;
        if (event.type === 'step/start') {
          batchOpen = true;
          closedBy = null;
          afterToolResult = false;
          return;
        }
        if (event.type !== 'user/message') afterToolResult = event.type === 'tool/result';
        if (event.type !== 'user/message') {
          if (batchOpen && model.openStep !== null) {
            batchOpen = false;
            closedBy = event.seq;
          }
          return;
        }
        const source = rec(rec(event.data)?.source);
        if (!source || typeof source.kind !== 'string' || NON_CONTRIBUTOR_KINDS.has(source.kind)) return;
        if (isCompactionCheckpoint(source) || isOfficialSource(source)) return;
        const who: Who = source.kind === 'plugin' ? { plugin: show(source.plugin, 40), kind: show(source.kind, 40) } : { plugin: null, kind: show(source.kind, 40) };
        if (source.kind === 'plugin' && !nonEmptyString(source.plugin)) {
          ctx.report('CTX-SOURCE-3', { event: located, messageId: 'unnamedPlugin', data: { found: show(source.plugin) } });
        }
        // A missing or malformed surfaceOp is LOG-SURF-2's; a replace is a contributor rewriting history.
        const op = event.surfaceOp;
        if (isRec(op) && op.op === 'replace') {
          ctx.report('CTX-APPEND-4', { event: located, witness: [op.start, op.end].filter((s): s is number => typeof s === 'number'), messageId: 'replaces', data: { ...who, start: show(op.start), end: show(op.end) } });
        }
        if (model.openStep === null) {
          ctx.report('CTX-APPEND-5', { event: located, messageId: 'noOpenStep', data: who });
        } else if (!batchOpen && !afterToolResult) {
          ctx.report('CTX-APPEND-5', {
            event: located,
            witness: closedBy !== null ? [closedBy] : [],
            messageId: 'batchClosed',
            data: { ...who, turn: show(model.openTurn, 20), step: show(model.openStep, 20), closedBy: show(closedBy) },
          });
        }
      },
    };
  },
};
