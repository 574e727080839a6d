import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkText } from './check.js';

/**
 * Rules are total: whatever value sits in whatever field of whatever event, no rule module throws
 * (which the engine would report as LOG-CHECK-1) and the file is read to its end (no LOG-READ-1).
 * Hostile values: deep arrays, numbers outside the Date range, non-integers, control characters,
 * objects where strings are expected and the reverse.
 */
const lines = readFileSync(fileURLToPath(new URL('./log/test-fixtures/synthetic-session.jsonl', import.meta.url)), 'utf8').split('\n').filter(Boolean);

// Hostile values as JSON text: a 10k-deep array cannot go through JSON.stringify (or fast-check's
// printer) without overflowing the stack, so it is spliced into the line as text.
const hostile = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((d) => `${'['.repeat(d)}null${']'.repeat(d)}`),
  fc.constantFrom(-9e15, 9e15, 8.64e15 + 1, -8.64e15 - 1, 1e308, -1, 0.5, Number.MAX_SAFE_INTEGER + 2, 0).map(String),
  fc.string({ unit: fc.constantFrom('\u001b', '\u202e', '\ufeff', '\u0000', 'a', '\n', '}') }).map((t) => JSON.stringify(t)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(null, true, [], {}, '', 'turn/start', 'user/message').map((v) => JSON.stringify(v)),
);
const HOLE = '\u0000hostile\u0000';

/** A path into an event: envelope fields, then common data fields at any depth the log uses. */
const KEY_NAMES = ['type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable', 'content', 'source', 'sections', 'text', 'turn', 'step', 'plugin', 'form', 'id', 'role', '0', 'kind', 'start', 'end', 'op'];
const keys = fc.constantFrom(...KEY_NAMES);

function setPath(value: unknown, path: string[], to: unknown): unknown {
  if (path.length === 0) return to;
  if (typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) };
  // Descend into an existing key; at the last step, also add the key where it is missing.
  if (head in copy || rest.length === 0) copy[head] = setPath(copy[head], rest, to);
  else for (const k of Object.keys(copy)) if (typeof copy[k] === 'object') copy[k] = setPath(copy[k], path, to);
  return copy;
}

describe('rules are total over hostile field values', () => {
  // The shrunk counterexample of a random run (a step/start whose time is a 10k-deep array crashed the
  // time-context module at the next reading: comparing it with a number stringifies it recursively),
  // widened to every event and every key, at the top level and in data, for the deepest array.
  it('no LOG-CHECK-1 for a 10k-deep array in any key of any event', async () => {
    const deep = `${'['.repeat(10_000)}null${']'.repeat(10_000)}`;
    const broken: string[] = [];
    for (let index = 1; index < lines.length; index++) {
      for (const key of KEY_NAMES) {
        for (const path of [[key], ['data', key]]) {
          const edited = lines.map((l, i) => (i === index ? JSON.stringify(setPath(JSON.parse(l), path, HOLE)).replaceAll(JSON.stringify(HOLE), deep) : l));
          const r = await checkText('deep.jsonl', `${edited.join('\n')}\n`);
          for (const f of r.findings) if (f.rule === 'LOG-CHECK-1' || f.rule === 'LOG-READ-1') broken.push(`line ${index + 1} ${path.join('.')}: ${f.message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  }, 240_000);

  it('no LOG-CHECK-1 and no LOG-READ-1 for any field replaced by any hostile value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: lines.length - 1 }), fc.array(keys, { minLength: 1, maxLength: 4 }), hostile, async (index, path, value) => {
        const edited = lines.map((l, i) => (i === index ? JSON.stringify(setPath(JSON.parse(l), path, HOLE)).replaceAll(JSON.stringify(HOLE), value) : l));
        const r = await checkText('hostile.jsonl', `${edited.join('\n')}\n`);
        const broken = r.findings.filter((f) => f.rule === 'LOG-CHECK-1' || f.rule === 'LOG-READ-1');
        expect(broken.map((f) => f.message)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 240_000);
});
