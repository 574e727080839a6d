// A time-context plugin that writes into a frozen claimed message: strict mode throws, a turn failure
// the spec does not expect: a `fail` (spec/verdicts.md).
export const name = 'time-context';
export function apply(ctx) {
  ctx.on('agent/pre-step', async (payload, next) => {
    const decision = await next();
    if (decision.kind === 'enter') for (const m of decision.messages) m.content[0].text = 'tampered';
    return decision;
  }, { prepend: true });
}
