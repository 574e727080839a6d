import { createRequire } from 'node:module';
import xxhash from 'xxhash-wasm';

/**
 * Writes a `.jsonl.zstd` the way a live DSH writer does: the header line alone in frame 1, then one
 * frame per append batch of `minLines..maxLines` lines, each frame with a declared content size and a
 * content checksum (DSH compresses with the checksum flag; one-shot compression declares the size).
 *
 * libzstd (the native binding) encodes the blocks; this adds the two header fields it leaves out.
 * Both are pure header/trailer fields (RFC 8878 §3.1.1.1), so the blocks stay valid as they are.
 */
type NativeModule = typeof import('@toondepauw/node-zstd');

export async function dshFrames(text: Buffer, lineCounts: () => number): Promise<{ bytes: Buffer; frames: number }> {
  const native: NativeModule = createRequire(import.meta.url)('@toondepauw/node-zstd');
  const encoder = new native.Encoder(3);
  const { h64Raw } = await xxhash();
  const out: Buffer[] = [];
  let start = 0;
  let first = true;
  while (start < text.length) {
    let end = start;
    for (let n = first ? 1 : lineCounts(); n > 0 && end < text.length; n--) end = text.indexOf(10, end) + 1 || text.length;
    first = false;
    const content = text.subarray(start, end);
    out.push(withSizeAndChecksum(encoder.encodeSync(content), content, h64Raw));
    start = end;
  }
  return { bytes: Buffer.concat(out), frames: out.length };
}

function withSizeAndChecksum(frame: Buffer, content: Buffer, h64Raw: (b: Uint8Array, seed: bigint) => bigint): Buffer {
  const descriptor = frame[4];
  if ((descriptor & 0xe4) !== 0) throw new Error(`unexpected frame descriptor 0x${descriptor.toString(16)}`);
  // Not single-segment: magic(4) descriptor(1) window(1) [dictionary id] then blocks.
  const dictBytes = [0, 1, 2, 4][descriptor & 3];
  const headerEnd = 6 + dictBytes;
  const fcs = Buffer.alloc(4);
  fcs.writeUInt32LE(content.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32LE(Number(h64Raw(content, 0n) & 0xffffffffn));
  const head = Buffer.from(frame.subarray(0, headerEnd));
  head[4] = descriptor | 0x80 | 0x04; // Frame_Content_Size_Flag = 2 (4 bytes), Content_Checksum_Flag
  return Buffer.concat([head, fcs, frame.subarray(headerEnd), checksum]);
}
