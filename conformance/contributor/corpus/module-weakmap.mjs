// BROKEN, module-level WeakMap keyed by the agent: counts injections per agent in memory; after a
// restart the count starts again, so the fresh instance injects where the living one did not.
// Judged: fails CTX-REPLAY-1 (and CTX-REPLAY-2: the same after a compaction).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-module-weakmap';
export const expectation = { fails: ['CTX-REPLAY-1', 'CTX-REPLAY-2'], warns: [], info: null };

const counts = new WeakMap();

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const n = counts.get(agent) ?? 0;
    if (n >= 1) return decision;
    counts.set(agent, n + 1);
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Recalled: the API key lives in .env.')] };
  }, { prepend: true });
}
