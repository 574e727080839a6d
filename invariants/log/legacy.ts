import { shortValue } from './header.js';

/**
 * Legacy v0 shapes that DSH upgrades in memory when it loads a log (the file is never rewritten).
 * The checker applies the same upgrades so that old-but-valid logs are judged by today's rules, and
 * says which upgrades it made (LOG-LEGACY-2, aggregated per file).
 *
 * Rejected legacy vocabulary (`request/header-delta`, `mode/set`, `request/header` reason
 * `fallback`) is not upgraded here: the core vocabulary rule reports it.
 */
export type LegacyKind =
  | 'steering/message renamed to user/message'
  | 'user/message without id/role'
  | 'assistant/message with provenance'
  | 'tool/result with callId/content'
  | 'turn/start with trigger'
  | 'turn/end aborted without reason'
  | 'turn/end disposed'
  | 'turn/end error without error';

type Rec = Record<string, unknown>;

/** The only event types that have a legacy shape; every other type is returned untouched. */
const MAYBE_LEGACY: ReadonlySet<string> = new Set(['steering/message', 'user/message', 'assistant/message', 'tool/result', 'turn/start', 'turn/end']);
const NOTHING: readonly LegacyKind[] = Object.freeze([]);

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface LegacyContext {
  sessionId: string;
  /** Message id of an earlier tool/result by seq (a legacy replacement inherits its target's id). */
  toolResultId(seq: number): string | undefined;
}

function legacyMessageId(ctx: LegacyContext, seq: unknown): string {
  return `legacy-message:${ctx.sessionId}:${asText(seq)}`;
}

/** Upgrades `event` in place when it has a legacy shape; returns what was upgraded (possibly several). */
export function normaliseLegacy(event: Rec, ctx: LegacyContext): readonly LegacyKind[] {
  // Almost every event is current: those cost no allocation at all (no result array, no closures).
  const type = event.type;
  if (!MAYBE_LEGACY.has(type as string)) return NOTHING;
  const done: LegacyKind[] = [];
  const seq = event.seq;
  if (event.type === 'steering/message') {
    event.type = 'user/message';
    done.push('steering/message renamed to user/message');
  }
  const data = event.data;
  if (!isRec(data)) return done;
  switch (event.type) {
    case 'user/message':
      if (!('id' in data) && !('role' in data) && Array.isArray(data.content) && isRec(data.source)) {
        event.data = { content: data.content, source: data.source, role: 'user', id: legacyMessageId(ctx, seq) };
        done.push('user/message without id/role');
      }
      break;
    case 'assistant/message':
      if (!('message' in data) && Array.isArray(data.content) && isRec(data.provenance)) {
        const { content, provenance, ...rest } = data;
        event.data = { ...rest, message: { role: 'assistant', content, source: { ...(provenance as Rec), kind: 'model' }, id: legacyMessageId(ctx, seq) } };
        done.push('assistant/message with provenance');
      }
      break;
    case 'tool/result':
      if (!('message' in data) && typeof data.callId === 'string' && 'content' in data) {
        const { callId, content, isError, ...rest } = data;
        const op = event.surfaceOp;
        const target = isRec(op) && typeof op.start === 'number' ? ctx.toolResultId(op.start) : undefined;
        const block: Rec = { type: 'tool-result', toolCallId: callId, content: Array.isArray(content) ? content : [{ type: 'text', text: asText(content) }] };
        if (isError !== undefined) block.isError = isError;
        event.data = { ...rest, message: { source: { kind: 'tool', callId }, content: [block], role: 'user', id: target ?? legacyMessageId(ctx, seq) } };
        done.push('tool/result with callId/content');
      }
      break;
    case 'turn/start':
      if ('trigger' in data) {
        delete data.trigger;
        done.push('turn/start with trigger');
      }
      break;
    case 'turn/end': {
      const reason = data.reason;
      if (!isRec(reason)) break;
      if (reason.kind === 'aborted' && !('reason' in reason)) {
        data.reason = { kind: 'aborted', reason: { kind: 'legacy' } };
        done.push('turn/end aborted without reason');
      } else if (reason.kind === 'disposed') {
        data.reason = { kind: 'aborted', reason: { kind: 'disposed' } };
        done.push('turn/end disposed');
      } else if (reason.kind === 'error' && !('error' in reason)) {
        const failure = isRec(reason.failure) ? reason.failure : { message: asText(reason.message ?? ''), code: asText(reason.code ?? 'UNKNOWN') };
        data.reason = { kind: 'error', error: failure };
        done.push('turn/end error without error');
      }
      break;
    }
  }
  return done;
}

/** String(value) for scalars; a container is named, not joined (a deep array would overflow the stack). */
function asText(value: unknown): string {
  return typeof value === 'object' && value !== null ? shortValue(value) : String(value);
}
