// BROKEN, rewrites messages it did not create in place: every message of the batch (the user's prompt
// and other plugins' context) comes back with its text normalised to upper case, same id.
// Judged: fails CTX-APPEND-2.
export const name = 'corpus-rewrite';
export const expectation = { fails: ['CTX-APPEND-2'], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    const upper = (m) => ({ ...m, content: m.content.map((b) => (b.type === 'text' ? { ...b, text: b.text.toUpperCase() } : b)) });
    return { ...decision, messages: decision.messages.map(upper) };
  }, { prepend: true });
}
