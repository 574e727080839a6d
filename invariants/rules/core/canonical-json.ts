/**
 * A key-order-independent serialisation of a JSON value, computed iteratively (no recursion, so deep
 * nesting from a hostile line cannot overflow the stack). Two values have the same canonical string
 * exactly when DSH's `isDeepEqualJson` considers them equal; the surface rule keeps these strings
 * instead of whole tool results, so memory stays small.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = [];
  // Work items are either a value to render or a literal to emit.
  const stack: Array<{ v: unknown } | { lit: string }> = [{ v: root }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('lit' in item) {
      out.push(item.lit);
      continue;
    }
    const v = item.v;
    if (Array.isArray(v)) {
      stack.push({ lit: ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ v: v[i] });
        if (i > 0) stack.push({ lit: ',' });
      }
      out.push('[');
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v).sort();
      stack.push({ lit: '}' });
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ v: (v as Record<string, unknown>)[keys[i]] });
        stack.push({ lit: `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:` });
      }
      out.push('{');
    } else {
      out.push(v === undefined ? 'null' : JSON.stringify(v));
    }
  }
  return out.join('');
}
