import { wrappedPlugin } from './support/variant.js';

export const description = 'Adds no reading when the entering decision has no messages ("nothing to annotate"), although an empty enter still gets one.';

export const { name, inject, Config, apply } = wrappedPlugin((listener) => async (payload, next) => {
  let empty = false;
  const decision = await listener(payload, async () => {
    const d = await next();
    empty = d.kind === 'enter' && d.messages.length === 0;
    return d;
  });
  return empty ? { kind: 'enter', messages: [] } : decision;
});
