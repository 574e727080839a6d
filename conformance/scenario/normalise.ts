/**
 * Normalisation makes two runs of the same scenario comparable: message ids and other random UUIDs
 * differ between runs (and between implementations), so every UUID-shaped string is replaced by a
 * placeholder numbered by first appearance (`<id:1>`, `<id:2>`, ...). Equal ids stay equal.
 *
 * Only UUID-shaped strings are erased. An id the spec says is preserved (the citing message of a
 * session reference, a message another listener attached) is given a fixed non-UUID id by the
 * fixture (`citing-message-0001`) and compared exactly: a plugin that mints a fresh UUID for it
 * cannot pass by being renumbered. Everything else (times, seqs, texts) is deterministic under the
 * virtual clock and compared exactly.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class IdNormaliser {
  private readonly seen = new Map<string, string>();

  id(value: string): string {
    let placeholder = this.seen.get(value);
    if (placeholder === undefined) {
      placeholder = `<id:${this.seen.size + 1}>`;
      this.seen.set(value, placeholder);
    }
    return placeholder;
  }

  value<T>(input: T): T {
    if (typeof input === 'string') return (UUID.test(input) ? this.id(input) : input) as T;
    if (Array.isArray(input)) return input.map((v) => this.value(v)) as T;
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) out[k] = this.value(v);
      return out as T;
    }
    return input;
  }
}

export function normaliseLog<T>(events: readonly T[]): T[] {
  const n = new IdNormaliser();
  return events.map((e) => n.value(e));
}

/** JSON with sorted keys: used for stable hashing of fixture content. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Like {@link IdNormaliser} but keeps the UUID shape: the n-th distinct UUID becomes
 * `00000000-0000-4000-8000-<n, 12 digits>`. Log fixtures produced by running a plugin use it, so
 * regenerating them is deterministic while every id is still a valid message id.
 */
export function deterministicUuids<T>(input: T): T {
  const seen = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (!UUID.test(v)) return v;
      let out = seen.get(v);
      if (out === undefined) {
        out = `00000000-0000-4000-8000-${String(seen.size + 1).padStart(12, '0')}`;
        seen.set(v, out);
      }
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(input) as T;
}
