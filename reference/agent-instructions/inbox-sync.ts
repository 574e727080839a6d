import { isDeepStrictEqual } from 'node:util';
import type { UserMessage } from '../shared/message.js';
import { SOURCE_KIND } from './changes.js';

/**
 * The next-step inbox holds at most one pending workspace message: the one this source wants the model
 * to see next. Synchronisation keeps it that way without churning message ids: an identical pending
 * message is kept, a different one is replaced in place, extras are removed, and nothing stays queued
 * once the same payload is already claimed or visible.
 */

interface InboxLike {
  nextStep: readonly UserMessage[];
  remove(id: string): unknown;
  replace(id: string, message: UserMessage): unknown;
  prepend(lane: 'next-step', message: UserMessage): unknown;
}

export interface InboxAgent {
  inbox: InboxLike;
  session: { events: ReadonlyArray<{ type: string; data: any }>; surface: { nodes: readonly number[] } };
}

export function isWorkspaceMessage(message: UserMessage): boolean {
  return message.source.kind === SOURCE_KIND;
}

export function pendingWorkspaceMessages(agent: InboxAgent): UserMessage[] {
  return agent.inbox.nextStep.filter(isWorkspaceMessage);
}

/** Same model-visible payload: content and source deep-equal (ids differ by construction). */
export function samePayload(left: { content: unknown; source: unknown }, right: { content: unknown; source: unknown }): boolean {
  return isDeepStrictEqual(left.content, right.content) && isDeepStrictEqual(left.source, right.source);
}

export function syncInbox(agent: InboxAgent, claimed: readonly UserMessage[], desired: UserMessage | undefined): void {
  const pending = pendingWorkspaceMessages(agent);
  const supplied =
    desired !== undefined &&
    (claimed.some((message) => samePayload(message, desired)) ||
      agent.session.surface.nodes.some((seq) => {
        const event = agent.session.events[seq];
        return event?.type === 'user/message' && samePayload(event.data, desired);
      }));
  if (desired === undefined || supplied) {
    for (const message of pending) agent.inbox.remove(message.id);
    return;
  }
  const reusable = pending.find((message) => samePayload(message, desired));
  if (reusable !== undefined) {
    for (const message of pending) if (message !== reusable) agent.inbox.remove(message.id);
    return;
  }
  const [first, ...rest] = pending;
  if (first === undefined) agent.inbox.prepend('next-step', desired);
  else agent.inbox.replace(first.id, desired);
  for (const message of rest) agent.inbox.remove(message.id);
}
