// BROKEN (warning), no check of signal.aborted: context is added to an aborted step too. DSH's loop
// drops an aborted step's batch, so it never reaches the log: a warning, not a failure.
// Judged: passes every error rule; CTX-ABORT-1 warning.
import { contextMessage } from './_support.mjs';

export const name = 'corpus-no-abort-check';
export const expectation = { fails: [], warns: ['CTX-ABORT-1'], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || step !== 1) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Heads-up: CI is red.')] };
  }, { prepend: true });
}
