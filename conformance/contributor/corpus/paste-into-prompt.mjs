// BROKEN, context pasted into the user's own message, no source of its own: the prompt comes back
// with the project rules appended to its text, indistinguishable from what the user typed.
// Judged: fails CTX-APPEND-2 and CTX-SOURCE-2.
export const name = 'corpus-paste';
export const expectation = { fails: ['CTX-APPEND-2', 'CTX-SOURCE-2'], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted) return decision;
    return {
      ...decision,
      messages: decision.messages.map((m) => (m.source?.kind === 'user' ? { ...m, content: [...m.content, { type: 'text', text: '\n(Project rules: tabs.)' }] } : m)),
    };
  }, { prepend: true });
}
