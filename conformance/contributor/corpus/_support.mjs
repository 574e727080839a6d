// Shared by the corpus plugins (stateless): build a sourced context message the way DSH does.
import { randomUUID } from 'node:crypto';

export const contextMessage = (plugin, text, source = { kind: 'plugin', plugin }) => ({
  content: [{ type: 'text', text }],
  source,
  role: 'user',
  id: randomUUID(),
});

export const textOf = (message) => (Array.isArray(message?.content) ? message.content.map((b) => b?.text ?? '').join('') : '');

/** The plugin's own messages in the raw durable log (shadowed ones included). */
export const ownMessages = (session, plugin) =>
  session.events.filter((e) => e.type === 'user/message' && e.data?.source?.kind === 'plugin' && e.data.source.plugin === plugin);
