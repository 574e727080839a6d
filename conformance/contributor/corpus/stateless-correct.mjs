// CORRECT, stateless: on the first step of every turn, append a fixed working agreement after the
// downstream batch; a reject or an aborted signal passes through unchanged.
// Judged: passes every CTX rule; CTX-COMPACT-1 notes context hidden by compaction "was sent again" (next turn).
import { contextMessage } from './_support.mjs';

export const name = 'corpus-stateless';
export const expectation = { fails: [], warns: [], info: ['CTX-COMPACT-1'], compactNote: 'sent again' };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || step !== 1) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Working agreement: small commits.')] };
  }, { prepend: true });
}
