import type { RuleModule } from '../../engine.js';
import { isRec, nonEmptyString, rec, show, turnStep } from '../core/access.js';
import { LOG_DECIDABLE, NON_CONTRIBUTOR_KINDS, contributorRules, isCompactionCheckpoint, isOfficialSource } from './catalog.js';

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

export const contributorLogRules: RuleModule = {
  name: 'contributor',
  source: 'contributor',
  rules,
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
        const who = source.kind === 'plugin' ? `plugin ${show(source.plugin, 40)}` : `source kind ${show(source.kind, 40)}`;
        if (source.kind === 'plugin' && !nonEmptyString(source.plugin)) {
          ctx.report('CTX-SOURCE-3', { event: located, message: `expected a {kind:"plugin"} source to name its plugin with a non-empty string, found plugin ${show(source.plugin)}` });
        }
        // A missing or malformed surfaceOp is LOG-SURF-2's; a replace is a contributor rewriting history.
        const op = event.surfaceOp;
        if (isRec(op) && op.op === 'replace') {
          ctx.report('CTX-APPEND-4', { event: located, witness: [op.start, op.end].filter((s): s is number => typeof s === 'number'), message: `expected the message of ${who} to be appended; it replaces surface seqs ${show(op.start)}..${show(op.end)}, rewriting earlier events` });
        }
        if (model.openStep === null) {
          ctx.report('CTX-APPEND-5', { event: located, message: `expected the message of ${who} inside an open step; no step is open` });
        } else if (!batchOpen && !afterToolResult) {
          ctx.report('CTX-APPEND-5', {
            event: located,
            witness: closedBy !== null ? [closedBy] : [],
            message: `expected the message of ${who} in the batch of ${turnStep(model.openTurn, model.openStep)}; the batch closed at seq ${show(closedBy)} when the request was built`,
          });
        }
      },
    };
  },
};
