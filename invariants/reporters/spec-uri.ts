/**
 * An absolute URI for a spec reference (`spec/log.md#log-seq-1`). SARIF viewers need absolute
 * `helpUri`s (a repo-relative path is "not a valid URI reference", SARIF1002); the spec documents
 * ship inside the npm package, so the published copy of the exact version that judged the log is the
 * stable place to point at.
 */
export function specUri(version: string, specRef: string): string {
  const [path, fragment] = specRef.split('#', 2);
  const url = new URL(`https://unpkg.com/dsh-ctx-conform@${encodeURIComponent(version)}/${path.replace(/^\/+/, '')}`);
  if (fragment !== undefined) url.hash = fragment;
  return url.href;
}
