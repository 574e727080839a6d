// BROKEN, sources: the context claims to come from another plugin (a copy-pasted name), and a second
// note is sent with the direct-user source.
// Judged: fails CTX-SOURCE-3 and CTX-SOURCE-2.
import { contextMessage } from './_support.mjs';

export const name = 'corpus-wrong-source';
export const expectation = { fails: ['CTX-SOURCE-2', 'CTX-SOURCE-3'], warns: [], info: null };

export function apply(ctx) {
  ctx.on('agent/pre-step', async ({ step, signal }, next) => {
    const decision = await next();
    if (decision.kind === 'reject' || signal.aborted || step !== 1) return decision;
    return {
      ...decision,
      messages: [...decision.messages, contextMessage(name, 'Rules.', { kind: 'plugin', plugin: 'memory-plugin' }), contextMessage(name, 'Also: be brief.', { kind: 'user' })],
    };
  }, { prepend: true });
}
