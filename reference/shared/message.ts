import { randomUUID } from 'node:crypto';

/**
 * Message construction as DSH does it (`createUserMessage` in dsh-llm): a structured clone of the
 * input, a fresh `crypto.randomUUID()` id, key order `{content, source, role, id}`, deep-frozen.
 * Written here from the published behaviour; the reference sources use it so their messages are
 * indistinguishable from upstream's.
 */
export interface UserMessage {
  readonly content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>;
  readonly source: { readonly kind: string; readonly [key: string]: unknown };
  readonly role: 'user';
  readonly id: string;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export function createUserMessage(input: { content: UserMessage['content']; source: UserMessage['source'] }): UserMessage {
  const cloned = structuredClone({ content: input.content, source: input.source });
  return deepFreeze({ content: cloned.content, source: cloned.source, role: 'user' as const, id: randomUUID() });
}

/** A frozen copy of an existing message that keeps its id (session-reference rewrites mentions). */
export function freezeMessage<T extends object>(message: T): T {
  return deepFreeze(structuredClone(message));
}
