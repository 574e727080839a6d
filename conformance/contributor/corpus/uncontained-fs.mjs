// BROKEN, a failing service fails the turn: reads /proj/notes.md through the host's fs service on every
// turn's first step and lets its errors (a missing or unreadable file) escape the listener.
// Judged: fails CTX-CONTAIN-1.
import { contextMessage } from './_support.mjs';

export const name = 'corpus-uncontained-fs';
export const expectation = { fails: ['CTX-CONTAIN-1'], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || step !== 1) return decision;
    const fs = ctx.get('fs');
    const target = await fs.resolve('/proj/notes.md');
    let text = '';
    for await (const chunk of await fs.streamText(target)) text += chunk;
    return { ...decision, messages: [...decision.messages, contextMessage(name, `Notes: ${text}`)] };
  }, { prepend: true });
}
