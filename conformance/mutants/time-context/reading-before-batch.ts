import { isReading, wrappedPlugin } from './support/variant.js';

export const description = 'Puts the reading before the entering batch (like tmux-context) instead of after it.';

export const { name, inject, Config, apply } = wrappedPlugin((listener) => async (payload, next) => {
  const decision = await listener(payload, next);
  if (decision.kind !== 'enter') return decision;
  return { kind: 'enter', messages: [...decision.messages.filter(isReading), ...decision.messages.filter((m) => !isReading(m))] };
});
