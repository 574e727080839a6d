// BROKEN, state in an external store: an injection budget of 2 per session kept outside the log (a
// process-wide store standing in for a database). A fresh instance over the same log finds a budget
// the log does not explain, and decides differently.
// Judged: fails CTX-REPLAY-1 (with the suite's seed 42 and 40 sessions; the minimal session holds no compaction).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-external-store';
export const expectation = { fails: ['CTX-REPLAY-1'], warns: [], info: null };

const store = (globalThis[Symbol.for('corpus.external-store')] ??= new Map());

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const used = store.get(agent.session.id) ?? 0;
    if (used >= 2) return decision;
    store.set(agent.session.id, used + 1);
    return { ...decision, messages: [...decision.messages, contextMessage(name, `Hot memory #${used + 1}.`)] };
  }, { prepend: true });
}
