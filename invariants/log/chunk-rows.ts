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

export type RowVerdict = { ok: true; events: SessionEvent[] } | { ok: false; message: string };

function hasExactKeys(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

const TEXT_ROW_KEYS = ['turn', 'step', 'index', 'dt', 'texts'] as const;
const CALL_ROW_KEYS = ['turn', 'step', 'index', 'id', 'dt', 'args'] as const;
const CALL_ROW_KEYS_NAMED = ['turn', 'step', 'index', 'id', 'name', 'dt', 'args'] as const;

export function expandChunkRow(row: Record<string, unknown>): RowVerdict {
  const tag = row.type as string;
  const bad = (why: string): RowVerdict => ({ ok: false, message: `malformed ${tag} row: ${why}` });
  if (!hasExactKeys(row, ['type', 'seq0', 'time0', 'data'])) return bad(`envelope must be exactly {type, seq0, time0, data}, found {${Object.keys(row).join(', ')}}`);
  const { seq0, time0, data } = row;
  if (typeof seq0 !== 'number' || !Number.isSafeInteger(seq0) || seq0 < 0) return bad(`seq0 must be a non-negative safe integer, found ${JSON.stringify(seq0)}`);
  if (typeof time0 !== 'number' || !Number.isSafeInteger(time0)) return bad(`time0 must be a safe integer, found ${JSON.stringify(time0)}`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad('data must be an object');
  const d = data as Record<string, unknown>;
  let members: unknown;
  let named = false;
  if (tag === 'tool-call-chunks') {
    named = hasExactKeys(d, CALL_ROW_KEYS_NAMED);
    if (!named && !hasExactKeys(d, CALL_ROW_KEYS)) return bad(`data must be exactly {turn, step, index, id, name?, dt, args}, found {${Object.keys(d).join(', ')}}`);
    if (typeof d.id !== 'string' || (named && typeof d.name !== 'string')) return bad('id (and name when present) must be strings');
    members = d.args;
  } else {
    if (!hasExactKeys(d, TEXT_ROW_KEYS)) return bad(`data must be exactly {turn, step, index, dt, texts}, found {${Object.keys(d).join(', ')}}`);
    members = d.texts;
  }
  const payloadKey = tag === 'tool-call-chunks' ? 'args' : 'texts';
  if (typeof d.turn !== 'number' || typeof d.step !== 'number' || typeof d.index !== 'number') return bad('turn/step/index must be numbers');
  if (!Array.isArray(members) || members.length === 0 || members.some((m) => typeof m !== 'string')) return bad(`${payloadKey} must be a non-empty array of strings`);
  const dt = d.dt;
  if (!Array.isArray(dt) || dt.some((gap) => typeof gap !== 'number' || !Number.isSafeInteger(gap))) return bad('dt must be an array of safe integers');
  if (dt.length !== members.length - 1) return bad(`dt has ${dt.length} gaps for ${members.length} members (expected ${members.length - 1})`);
  if (!Number.isSafeInteger(seq0 + members.length - 1)) return bad('member seqs must stay safe integers');

  const events: SessionEvent[] = [];
  let time = time0;
  for (let k = 0; k < members.length; k++) {
    if (k > 0) {
      time += dt[k - 1] as number;
      if (!Number.isSafeInteger(time)) return bad('member times must stay safe integers');
    }
    const text = members[k] as string;
    const chunk =
      tag === 'text-chunks'
        ? { type: 'text-delta', index: d.index, text }
        : tag === 'reasoning-chunks'
          ? { type: 'reasoning-delta', index: d.index, text }
          : { type: 'tool-call-delta', index: d.index, id: d.id, ...(named ? { name: d.name } : {}), argumentsDelta: text };
    events.push({ type: 'assistant/chunk', seq: seq0 + k, time, data: { turn: d.turn, step: d.step, chunk }, [EXPANDED_FROM_ROW]: true } as SessionEvent);
  }
  return { ok: true, events };
}
