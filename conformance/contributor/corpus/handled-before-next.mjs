// BROKEN, marks the turn handled before next() resolves: a one-shot notice per turn, remembered on the
// instance before delegating, so a downstream reject still consumes it and the next pre-step of the
// retried turn gets nothing; a fresh instance (which reads the log) would send it.
// Judged: fails CTX-REPLAY-1 (with the suite's seed 42 and 40 sessions; the minimal session holds no compaction).
import { contextMessage, ownMessages } from './_support.mjs';

export const name = 'corpus-handled-early';
export const expectation = { fails: ['CTX-REPLAY-1'], warns: [], info: null };

export function apply(ctx) {
  let handled = false;
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const already = handled || ownMessages(agent.session, name).length > 0;
    handled = true;
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || already) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Session notes: resume the refactor.')] };
  }, { prepend: true });
}
