// BROKEN, module-level Map of pending notes: a tool result queues "search hits" in memory for the
// next pre-step; a restart in between forgets the pending note.
// Judged: fails CTX-REPLAY-1 (and CTX-REPLAY-2: the same after a compaction).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-module-pending';
export const expectation = { fails: ['CTX-REPLAY-1', 'CTX-REPLAY-2'], warns: [], info: null };

const pending = new Map();

export function apply(ctx) {
  ctx.on('tools/result', (exec) => {
    if (exec.agent && (exec.name === 'grep' || exec.name === 'glob')) pending.set(exec.agent.session.id, `Search hits for ${JSON.stringify(exec.arguments.pattern)} are in the last tool result.`);
  });
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const note = pending.get(agent.session.id);
    if (note === undefined) return decision;
    pending.delete(agent.session.id);
    return { ...decision, messages: [...decision.messages, contextMessage(name, note)] };
  }, { prepend: true });
}
