/**
 * The slice of DSH's `FileSystem` service (`ctx.get('fs')`) this source uses. Targets and versions are
 * opaque: they are only handed back to the provider or compared for equality.
 */
export interface FsStat {
  type: string;
  version?: unknown;
  size?: number;
}

export interface FileSystemProvider {
  resolve(path: string, options?: { signal?: AbortSignal }): Promise<unknown>;
  stat(target: unknown, signal?: AbortSignal): Promise<FsStat | undefined>;
  streamText(target: unknown, signal?: AbortSignal): Promise<AsyncIterable<string>>;
}

/** `{signal}` for the provider, or nothing at all when the caller passed no signal. */
export function signalOption(signal: AbortSignal | undefined): { signal: AbortSignal } | undefined {
  return signal === undefined ? undefined : { signal };
}
