// CORRECT, the catalog counter-example: compares its candidate text with its newest *visible*
// message (the surface), so it re-sends after compaction hid it and agrees after restart.
// Judged: passes every error rule; CTX-COMPACT-1 info says "was sent again".
import { contextMessage, textOf } from './_support.mjs';

export const name = 'corpus-catalog';
export const expectation = { fails: [], warns: [], info: ['CTX-COMPACT-1'], compactNote: 'sent again' };

const CATALOG = 'Configured servers: docs, search.';

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ agent, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const session = agent.session;
    const visible = new Set(session.surface.nodes);
    const newest = session.events.filter((e) => visible.has(e.seq) && e.type === 'user/message' && e.data?.source?.plugin === name).at(-1);
    if (newest && textOf(newest.data) === CATALOG) return decision;
    return { ...decision, messages: [...decision.messages, contextMessage(name, CATALOG)] };
  }, { prepend: true });
}
