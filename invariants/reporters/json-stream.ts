/**
 * `JSON.stringify(value, null, 2)`, produced piece by piece: containers down to `depth` are opened
 * and their members streamed one at a time, anything deeper is stringified whole. The concatenated
 * output is byte-for-byte what JSON.stringify gives (a test holds it to that), but no piece is larger
 * than one member, so a report with a million findings never becomes one string.
 */
export function* streamJson(value: unknown, depth: number, indent = ''): Generator<string> {
  if (depth <= 0 || value === null || typeof value !== 'object') {
    yield reindent(JSON.stringify(value, null, 2) ?? 'null', indent);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    yield '[\n';
    for (let i = 0; i < value.length; i++) {
      yield inner;
      const item: unknown = value[i];
      yield* streamJson(item === undefined || typeof item === 'function' ? null : item, depth - 1, inner);
      yield i < value.length - 1 ? ',\n' : '\n';
    }
    yield `${indent}]`;
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function');
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  yield '{\n';
  for (let i = 0; i < entries.length; i++) {
    const [key, v] = entries[i];
    yield `${inner}${JSON.stringify(key)}: `;
    yield* streamJson(v, depth - 1, inner);
    yield i < entries.length - 1 ? ',\n' : '\n';
  }
  yield `${indent}}`;
}

// JSON.stringify never puts a raw newline inside a string, so every \n is layout.
const reindent = (text: string, indent: string): string => (indent === '' ? text : text.replace(/\n/g, `\n${indent}`));
