import { wrappedPlugin } from './support/variant.js';

export const description = 'Derives the browser zone from the entering batch only, ignoring the turn\'s already-durable prompt, so a later step of a zoned turn says "unavailable".';

// The reference reads durable claims through the session log; hide the log's user messages from it by
// handing it a session view whose user messages carry no source claims.
export const { name, inject, Config, apply } = wrappedPlugin((listener) => (payload, next) => {
  const events = payload.agent.session.events.map((e) => {
    if (e.type !== 'user/message') return e;
    const data = e.data as { source?: { kind?: unknown } };
    return data.source?.kind === 'user' ? { ...e, data: { ...data, source: { kind: 'user' } } } : e;
  });
  return listener({ ...payload, agent: { ...payload.agent, session: { ...payload.agent.session, events } } }, next);
});
