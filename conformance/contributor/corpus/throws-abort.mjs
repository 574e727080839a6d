// BROKEN (warning), throws AbortError out of the listener when the signal is aborted, instead of
// returning the decision. The turn ends aborted either way in DSH: a warning.
// Judged: passes every error rule; CTX-ABORT-2 warning.
import { contextMessage } from './_support.mjs';

export const name = 'corpus-throws-abort';
export const expectation = { fails: [], warns: ['CTX-ABORT-2'], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step, signal }, next) => {
    const decision = await next();
    if (signal.aborted) throw Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    if (decision.kind === 'reject' || step !== 1) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Verification gate: run lint.')] };
  }, { prepend: true });
}
