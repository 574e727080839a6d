// CORRECT, log-scanning: a reminder at most once a minute, scheduled from the time of its newest
// message in the raw durable log (shadowed ones included), so restarts and compaction agree.
// Judged: passes every CTX rule; a reminder hidden by compaction is re-sent once the minute is up,
// so CTX-COMPACT-1 notes may say either, and are not asserted.
import { contextMessage, ownMessages } from './_support.mjs';

export const name = 'corpus-log-interval';
export const expectation = { fails: [], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const last = ownMessages(agent.session, name).at(-1);
    if (last && Date.now() - last.time < 60_000) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Reminder: run the tests.')] };
  }, { prepend: true });
}
