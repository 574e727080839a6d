// INFO, scans all events and ignores the surface: project rules are sent once per session, decided
// from the raw log, so context a compaction hid is never sent again. Durable and replayable (passes),
// but CTX-COMPACT-1 notes "was not sent again".
// Judged: passes every error rule; CTX-COMPACT-1 info present.
import { contextMessage, ownMessages } from './_support.mjs';

export const name = 'corpus-scan-all';
export const expectation = { fails: [], warns: [], info: ['CTX-COMPACT-1'], compactNote: 'not sent again' };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    if (ownMessages(agent.session, name).length > 0) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, 'Project rules: tabs, no default exports.')] };
  }, { prepend: true });
}
