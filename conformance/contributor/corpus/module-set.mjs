// BROKEN, module-level Set of sessions already handled: a restart (a new process) injects again.
// Judged: fails CTX-REPLAY-1 (and CTX-REPLAY-2: the same after a compaction).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-module-set';
export const expectation = { fails: ['CTX-REPLAY-1', 'CTX-REPLAY-2'], warns: [], info: null };

const injected = new Set();

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || injected.has(agent.session.id)) return decision;
    injected.add(agent.session.id);
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Memory packet: user prefers pnpm.')] };
  }, { prepend: true });
}
