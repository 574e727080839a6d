import xxhash from 'xxhash-wasm';

/**
 * The zstd Content_Checksum: the low 32 bits of XXH64 (seed 0) of the decoded frame, stored
 * little-endian after the last block. fzstd skips it without checking, so the reader verifies it
 * itself — otherwise a bit flip inside a literal section would decode to plausible wrong JSON.
 */
let api: Promise<Awaited<ReturnType<typeof xxhash>>> | null = null;

export type ContentChecksum = (decoded: Uint8Array) => number;

/** Loads the wasm hasher once per process. */
export async function loadContentChecksum(): Promise<ContentChecksum> {
  api ??= xxhash();
  const { h64Raw } = await api;
  return (decoded) => Number(h64Raw(decoded, 0n) & 0xffffffffn);
}

/** Reads the stored little-endian checksum from the last 4 bytes of a complete frame. */
export function storedChecksum(frame: Uint8Array): number {
  const n = frame.length;
  return (frame[n - 4] | (frame[n - 3] << 8) | (frame[n - 2] << 16) | (frame[n - 1] << 24)) >>> 0;
}
