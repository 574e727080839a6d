import { shortValue } from './header.js';
import type { ReaderMessageFor } from './reader-rules.js';
import type { SessionEvent } from './types.js';

/**
 * Packed chunk rows (DSH `chunk-rows.ts`): on disk a run of >= 3 consecutive same-block delta chunks
 * is stored as one row; readers always expand it back into the `assistant/chunk` events it stands for.
 * Row tags have no slash, so they never collide with event types. A malformed row is corrupt storage:
 * DSH throws rather than drop a whole run silently, and we report it.
 */
export const ROW_TAGS: ReadonlySet<string> = new Set(['text-chunks', 'reasoning-chunks', 'tool-call-chunks']);

/**
 * Marks events the reader synthesised from a validated row: their envelope is known to be exactly
 * {type, seq, time, data} with safe-integer seq and time, so envelope rules may skip re-checking it.
 * A symbol key is invisible to JSON.stringify, Object.keys and for..in, so it never leaks into output.
 */
export const EXPANDED_FROM_ROW: unique symbol = Symbol('expanded-from-row');

export function isExpandedFromRow(event: object): boolean {
  return (event as { [EXPANDED_FROM_ROW]?: true })[EXPANDED_FROM_ROW] === true;
}

export type RowVerdict = { ok: true; events: SessionEvent[] } | { ok: false; message: ReaderMessageFor<'LOG-ROW-1'> };

function hasExactKeys(value: object, keys: readonly string[]): boolean {
  // Count own keys without materialising Object.keys: this runs for every packed row.
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    count++;
  }
  if (count !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) if (!Object.hasOwn(value, keys[i])) return false;
  return true;
}

const ROW_KEYS = ['type', 'seq0', 'time0', 'data'] as const;
const TEXT_ROW_KEYS = ['turn', 'step', 'index', 'dt', 'texts'] as const;
const CALL_ROW_KEYS = ['turn', 'step', 'index', 'id', 'dt', 'args'] as const;
const CALL_ROW_KEYS_NAMED = ['turn', 'step', 'index', 'id', 'name', 'dt', 'args'] as const;

type RowProblem = ReaderMessageFor<'LOG-ROW-1'>;

/** A malformed row: which problem, with the row's tag added to its facts. */
function bad<P extends RowProblem>(tag: string, messageId: P['messageId'], data: Omit<P['data'], 'tag'> = {} as Omit<P['data'], 'tag'>): RowVerdict {
  return { ok: false, message: { rule: 'LOG-ROW-1', messageId, data: { tag, ...data } } as RowProblem };
}

function allStrings(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== 'string') return false;
  return true;
}

function allSafeIntegers(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) return false;
  }
  return true;
}

export function expandChunkRow(row: Record<string, unknown>): RowVerdict {
  const tag = row.type as string;
  if (!hasExactKeys(row, ROW_KEYS)) return bad(tag, 'envelopeKeys', { foundKeys: Object.keys(row) });
  const { seq0, time0, data } = row;
  if (typeof seq0 !== 'number' || !Number.isSafeInteger(seq0) || seq0 < 0) return bad(tag, 'badSeq0', { found: shortValue(seq0) });
  if (typeof time0 !== 'number' || !Number.isSafeInteger(time0)) return bad(tag, 'badTime0', { found: shortValue(time0) });
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad(tag, 'dataNotObject');
  const d = data as Record<string, unknown>;
  let members: unknown;
  let named = false;
  if (tag === 'tool-call-chunks') {
    named = hasExactKeys(d, CALL_ROW_KEYS_NAMED);
    if (!named && !hasExactKeys(d, CALL_ROW_KEYS)) return bad(tag, 'dataKeys', { expected: '{turn, step, index, id, name?, dt, args}', foundKeys: Object.keys(d) });
    if (typeof d.id !== 'string' || (named && typeof d.name !== 'string')) return bad(tag, 'idNotString');
    members = d.args;
  } else {
    if (!hasExactKeys(d, TEXT_ROW_KEYS)) return bad(tag, 'dataKeys', { expected: '{turn, step, index, dt, texts}', foundKeys: Object.keys(d) });
    members = d.texts;
  }
  const payloadKey = tag === 'tool-call-chunks' ? 'args' : 'texts';
  if (typeof d.turn !== 'number' || typeof d.step !== 'number' || typeof d.index !== 'number') return bad(tag, 'positionNotNumbers');
  if (!Array.isArray(members) || members.length === 0 || !allStrings(members)) return bad(tag, 'emptyMembers', { payloadKey });
  const dt = d.dt;
  if (!Array.isArray(dt) || !allSafeIntegers(dt)) return bad(tag, 'badDt');
  if (dt.length !== members.length - 1) return bad(tag, 'dtLength', { gaps: dt.length, members: members.length });
  if (!Number.isSafeInteger(seq0 + members.length - 1)) return bad(tag, 'unsafeSeqs');

  const { turn, step, index } = d;
  const events: SessionEvent[] = new Array(members.length);
  let time = time0;
  for (let k = 0; k < members.length; k++) {
    if (k > 0) {
      time += dt[k - 1] as number;
      if (!Number.isSafeInteger(time)) return bad(tag, 'unsafeTimes');
    }
    const text = members[k] as string;
    const chunk =
      tag === 'text-chunks'
        ? { type: 'text-delta', index, text }
        : tag === 'reasoning-chunks'
          ? { type: 'reasoning-delta', index, text }
          : named
            ? { type: 'tool-call-delta', index, id: d.id, name: d.name, argumentsDelta: text }
            : { type: 'tool-call-delta', index, id: d.id, argumentsDelta: text };
    events[k] = { type: 'assistant/chunk', seq: seq0 + k, time, data: { turn, step, chunk }, [EXPANDED_FROM_ROW]: true } as SessionEvent;
  }
  return { ok: true, events };
}
