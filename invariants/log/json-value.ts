/**
 * Checks a freshly parsed JSON value for what `JSON.parse` lets through but DSH's lossless-JSON
 * boundary refuses or what is unsafe to handle: numbers that overflowed to ±Infinity (`1e999`),
 * negative zero (`-0`, `-0.0`, `-1e-400`), and object keys named `__proto__` (harmless as an own
 * property from `JSON.parse`, but a prototype write the moment anyone merges the object with
 * `Object.assign` or `obj[key] = value`).
 *
 * The walk is iterative with an explicit stack, so pathological nesting (a line of a million `[`)
 * costs memory proportional to the value, never the call stack.
 */
export type JsonProblem =
  | { kind: 'non-finite'; path: string }
  | { kind: 'negative-zero'; path: string }
  | { kind: 'proto-key'; path: string };

type Frame = { value: unknown; path: string | null; parent: Frame | null; key: string | number };

function pathOf(frame: Frame): string {
  const parts: string[] = [];
  for (let f: Frame | null = frame; f !== null && f.parent !== null; f = f.parent) {
    parts.push(typeof f.key === 'number' ? `[${f.key}]` : /^[A-Za-z_$][\w$]*$/.test(f.key) ? `.${f.key}` : `[${JSON.stringify(f.key)}]`);
  }
  return parts.reverse().join('') || '(root)';
}

/** Own keys counted by the last {@link findJsonProblem} walk, or -1 when that walk did not finish. */
let lastKeyCount = -1;

/** Returns the first problem found, or null. Paths are built only for the problem (no cost otherwise). */
export function findJsonProblem(root: unknown): JsonProblem | null {
  // Nearly every line is clean: prove that with an allocation-free walk, and only when it cannot
  // (a problem, or nesting deeper than the fast walk goes) run the exact walk that names the first one.
  keys = 0;
  const clean = isPlainlyClean(root, 0);
  lastKeyCount = clean ? keys : -1;
  return clean ? null : locateJsonProblem(root);
}

/**
 * How many object keys the value passed to the last {@link findJsonProblem} has (the duplicate-key
 * check compares it with the text), counted by that same walk when it finished; -1 otherwise.
 */
export function keysOfLastWalk(): number {
  return lastKeyCount;
}

let keys = 0;

/** Deeper than this, the fast walk gives up and the explicit-stack walk takes over (no stack overflow). */
const FAST_WALK_DEPTH = 64;

/** A number JSON.parse produced that DSH's lossless boundary accepts (finite, not -0). */
function isLosslessNumber(n: number): boolean {
  return n === 0 ? 1 / n > 0 : n - n === 0;
}

/** True when `value` certainly has no problem; false when it has one or is too deep to tell here. */
function isPlainlyClean(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'number' || isLosslessNumber(value);
  if (depth > FAST_WALK_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object') {
        if (item !== null && !isPlainlyClean(item, depth + 1)) return false;
      } else if (typeof item === 'number' && !isLosslessNumber(item)) return false;
    }
    return true;
  }
  const obj = value as Record<string, unknown>;
  for (const key in obj) {
    if (key === '__proto__') return false;
    keys++;
    const item = obj[key];
    if (typeof item === 'object') {
      if (item !== null && !isPlainlyClean(item, depth + 1)) return false;
    } else if (typeof item === 'number' && !isLosslessNumber(item)) return false;
  }
  return true;
}

/** The exact walk: which problem comes first, and where (exported so tests can hold the fast path to it). */
export function locateJsonProblem(root: unknown): JsonProblem | null {
  if (typeof root !== 'object' || root === null) return scalarProblem(root, { value: root, path: null, parent: null, key: '' });
  // Parents are tracked only to build a path for a problem; frames are cheap objects.
  const stack: Frame[] = [{ value: root, path: null, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const value = frame.value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'object' && item !== null) stack.push({ value: item, path: null, parent: frame, key: i });
        else if (typeof item === 'number' && (item === 0 || !Number.isFinite(item))) {
          const problem = scalarProblem(item, { value: item, path: null, parent: frame, key: i });
          if (problem) return problem;
        }
      }
    } else {
      const obj = value as Record<string, unknown>;
      for (const key in obj) {
        if (key === '__proto__') return { kind: 'proto-key', path: pathOf({ value: null, path: null, parent: frame, key }) };
        const item = obj[key];
        if (typeof item === 'object' && item !== null) stack.push({ value: item, path: null, parent: frame, key });
        else if (typeof item === 'number' && (item === 0 || !Number.isFinite(item))) {
          const problem = scalarProblem(item, { value: item, path: null, parent: frame, key });
          if (problem) return problem;
        }
      }
    }
  }
  return null;
}

function scalarProblem(value: unknown, frame: Frame): JsonProblem | null {
  if (typeof value !== 'number') return null;
  if (!Number.isFinite(value)) return { kind: 'non-finite', path: pathOf(frame) };
  if (Object.is(value, -0)) return { kind: 'negative-zero', path: pathOf(frame) };
  return null;
}
