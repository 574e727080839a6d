import type { z } from 'zod';
import type { OtherSessionEvent } from './session-query.js';

/**
 * Builds the logs of *other* sessions (the ones a message references) from a short list of entries,
 * the way DSH writes them: direct user messages, assistant messages (optionally with reasoning),
 * tool calls and results, other plugins' context, earlier session-reference snapshots, compaction
 * brackets whose checkpoint replaces a span of the surface, titles, and chunks that never reach the
 * surface. One builder for the session-reference scenario generators, the property suite (shipped:
 * `run --runs`) and the tests.
 */
export type Entry =
  | { user: string; blocks?: Array<Record<string, unknown>> }
  | { assistant: string; reasoning?: string }
  | { reasoningOnly: string; role: 'user' | 'assistant' }
  | { tool: string }
  | { plugin: string; name?: string }
  | { context: string }
  | { compact: string; keepLast?: number }
  | { title: string }
  | { chunk: string };

type Event = z.input<typeof OtherSessionEvent>;

/** Message ids are derived from the session id and position, so a fixture's content is stable. */
export function buildLog(sessionId: string, entries: readonly Entry[], startTime = 1_700_000_000_000): Event[] {
  const events: Event[] = [];
  const nextId = () => `${sessionId}#m${events.length}`;
  const visible: number[] = [];
  const push = (type: string, data: unknown, surfaceOp?: unknown, sourceEventSeqs?: number[]): number => {
    const seq = events.length;
    events.push({ type, seq, time: startTime + seq * 1000, data, ...(surfaceOp === undefined ? {} : { surfaceOp }), ...(sourceEventSeqs ? { sourceEventSeqs } : {}) });
    if (surfaceOp === 'append') visible.push(seq);
    return seq;
  };
  const userMessage = (content: unknown[], source: Record<string, unknown>) => ({ content, source, role: 'user', id: nextId() });
  const assistantMessage = (content: unknown[]) => ({ turn: 1, step: 1, message: { role: 'assistant', content, source: { kind: 'model', provider: 'sim', model: 'sim-model' }, id: nextId() } });
  for (const entry of entries) {
    if ('user' in entry) push('user/message', userMessage(entry.blocks ?? [{ type: 'text', text: entry.user }], { kind: 'user' }), 'append');
    else if ('assistant' in entry) {
      const content = [...(entry.reasoning === undefined ? [] : [{ type: 'reasoning', text: entry.reasoning }]), { type: 'text', text: entry.assistant }];
      push('assistant/message', assistantMessage(content), 'append', []);
    } else if ('reasoningOnly' in entry) {
      const content = [{ type: 'reasoning', text: entry.reasoningOnly }];
      if (entry.role === 'user') push('user/message', userMessage(content, { kind: 'user' }), 'append');
      else push('assistant/message', assistantMessage(content), 'append', []);
    } else if ('tool' in entry) {
      const callId = `call_${events.length}`;
      const call = push('tool/call', { turn: 1, step: 1, callId, name: 'read', arguments: '{}' });
      const message = { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: entry.tool }], isError: false }], role: 'user', id: nextId() };
      push('tool/result', { turn: 1, step: 1, message }, 'append', [call]);
    } else if ('plugin' in entry) push('user/message', userMessage([{ type: 'text', text: entry.plugin }], { kind: 'plugin', plugin: entry.name ?? 'workspace' }), 'append');
    else if ('context' in entry) push('user/message', userMessage([{ type: 'text', text: entry.context }], { kind: 'session-reference', form: 'recall', version: 1, references: [] }), 'append');
    else if ('title' in entry) push('session/title', { title: entry.title, messageSeqs: [], source: { kind: 'fallback' } });
    else if ('chunk' in entry) push('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: entry.chunk } });
    else if ('compact' in entry) {
      const span = visible.slice(0, Math.max(0, visible.length - (entry.keepLast ?? 0)));
      if (span.length === 0) continue;
      const compactionId = nextId();
      const start = push('compaction/start', { compactionId, turn: null });
      const summary = push('compaction/summary', { compactionId, summary: [{ type: 'text', text: entry.compact }], shadowedRange: { start: span[0], end: span[span.length - 1] }, shadowedSeqs: span, shadowedTokenCount: span.length * 10, provider: 'sim', model: 'sim-model' });
      const checkpoint = userMessage(
        [{ type: 'text', text: '<compacted-summary>' }, { type: 'text', text: entry.compact }, { type: 'text', text: '</compacted-summary>' }],
        { kind: 'plugin', plugin: 'compact', compactionId },
      );
      const seq = push('user/message', checkpoint, { op: 'replace', start: span[0], end: span[span.length - 1] }, [start, summary, ...span]);
      visible.splice(0, span.length, seq);
      push('compaction/end', { compactionId, turn: null });
    }
  }
  return events;
}

