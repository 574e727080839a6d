import { wrapped } from './support/wrap.js';

export const description = 'drops recovered workspace contexts from the claimed batch and composes a fresh one, so an unadmitted baseline gets a new id';

type Message = { source: { kind: string } };
type Decision = { kind: string; messages?: Message[] };
const fresh = (messages: Message[]) => messages.filter((m) => m.source.kind !== 'agent-instructions');

export const { name, Config, apply } = wrapped({
  listener: (event, fn) =>
    event === 'agent/pre-step'
      ? (payload: { messages: Message[] }, next: () => Promise<Decision>) =>
          fn({ ...payload, messages: fresh(payload.messages) }, async () => {
            const decision = await next();
            return decision.kind === 'enter' && decision.messages ? { ...decision, messages: fresh(decision.messages) } : decision;
          })
      : fn,
});

// The package's library exports are unchanged in this variant (only the plugin behaviour is broken).
export { discoverBaselineInstructionFiles, loadBaselineInstructions, renderWorkspaceContext } from '../../../reference/agent-instructions/library.js';
