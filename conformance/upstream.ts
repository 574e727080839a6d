import type { SourceName, SpecRevision } from '../spec/revisions.js';
import { registeredSources, upstreamOf } from './sources/index.js';

/**
 * The published upstream packages the suite is cross-checked against (exact dev dependencies), from
 * the source registry. `0.1.0-rc.8` implements 2026-08; the time-context `0.0.1-rc.1` build implements
 * 2026-07. The other sources did not change between revisions, so rc.8 serves both.
 */
export function upstreamPackage(source: SourceName, revision: SpecRevision): string | undefined {
  return upstreamOf(source, revision)?.package;
}

export const UPSTREAM_VERSIONS: Record<string, string> = Object.fromEntries(
  registeredSources().flatMap((s) => Object.values(s.upstream).map((u) => [u!.package, u!.version] as const)),
);
