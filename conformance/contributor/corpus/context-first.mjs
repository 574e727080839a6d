// BROKEN, context placed before the downstream messages (in front of the prompt) on every turn's first step.
// Judged: fails CTX-APPEND-3.
import { contextMessage } from './_support.mjs';

export const name = 'corpus-context-first';
export const expectation = { fails: ['CTX-APPEND-3'], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || step !== 1) return decision;
    return { ...decision, messages: [contextMessage(name, 'Rules first.'), ...decision.messages] };
  }, { prepend: true });
}
