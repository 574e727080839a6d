import { createUserMessage, mapReading, wrappedPlugin } from './support/variant.js';

export const description = 'Attributes the reading with the bare source {kind:"plugin", plugin:"time-context"} the seed README describes, without the snapshot form and sections.';

export const { name, inject, Config, apply } = wrappedPlugin((listener) => async (payload, next) =>
  mapReading(await listener(payload, next), (reading) => createUserMessage({ content: reading.content, source: { kind: 'plugin', plugin: 'time-context' } })),
);
