// BROKEN, a once-per-process latch: a "what's new" notice shown once per process, not once per
// session log; after a restart it is shown again.
// Judged: fails CTX-REPLAY-1 (and CTX-REPLAY-2: the same after a compaction).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-process-latch';
export const expectation = { fails: ['CTX-REPLAY-1', 'CTX-REPLAY-2'], warns: [], info: null };

let shown = false;

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || shown) return decision;
    shown = true;
    return { ...decision, messages: [...decision.messages, contextMessage(name, "What's new: faster search.")] };
  }, { prepend: true });
}
