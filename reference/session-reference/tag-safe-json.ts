/**
 * JSON that can sit between `<referenced-sessions>` tags without any data spelling a tag: every `<`
 * (only ever inside string values) becomes the six characters `\u003c`, which JSON parses back to
 * `<`. Escaping only `</` would still let source text open a look-alike tag such as `<system>`.
 */
export function stringifyTagSafeJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (typeof json !== 'string') throw new TypeError('session-reference data is not JSON-serializable');
  return json.replaceAll('<', '\\u003c');
}

/** UTF-8 size of the tag-safe JSON: what the per-reference byte budget measures. */
export function tagSafeJsonBytes(value: unknown): number {
  return Buffer.byteLength(stringifyTagSafeJson(value), 'utf8');
}
