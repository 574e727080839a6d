import xxhash from 'xxhash-wasm';

/**
 * Hand-built zstd frames for tests (RFC 8878), so every header field can be set or forged: raw blocks
 * carry content verbatim, RLE blocks repeat one byte, and the header says whatever the test wants.
 */
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const { h64Raw } = await xxhash();

export function blockHeader(type: 0 | 1 | 2, size: number, last: boolean): number[] {
  const h = (size << 3) | (type << 1) | (last ? 1 : 0);
  return [h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff];
}

export interface FrameOptions {
  /** Declared Frame_Content_Size (default: the real size); null = not declared. */
  contentSize?: number | null;
  checksum?: boolean;
  /** Window_Descriptor byte when the frame is not single-segment (default: single segment). */
  windowDescriptor?: number;
}

function header(opts: { contentSize: number | null; checksum: boolean; windowDescriptor?: number }): number[] {
  const single = opts.windowDescriptor === undefined;
  const fcsFlag = opts.contentSize === null ? 0 : 3; // 8-byte FCS field, so any size can be declared
  if (single && opts.contentSize === null) throw new Error('a single-segment frame needs a content size');
  const descriptor = (fcsFlag << 6) | (single ? 0x20 : 0) | (opts.checksum ? 0x04 : 0);
  const out = [...MAGIC, descriptor];
  if (!single) out.push(opts.windowDescriptor!);
  if (opts.contentSize !== null) {
    let v = BigInt(opts.contentSize);
    for (let k = 0; k < 8; k++) {
      out.push(Number(v & 0xffn));
      v >>= 8n;
    }
  }
  return out;
}

function checksumOf(content: Uint8Array): number[] {
  const c = Number(h64Raw(content, 0n) & 0xffffffffn);
  return [c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24];
}

/** One frame holding `content` in raw blocks. */
export function rawFrame(content: string | Uint8Array, opts: FrameOptions = {}): Buffer {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const checksum = opts.checksum ?? true;
  const out = header({ contentSize: opts.contentSize === undefined ? bytes.length : opts.contentSize, checksum, windowDescriptor: opts.windowDescriptor });
  const parts: Buffer[] = [Buffer.from(out)];
  const max = 128 * 1024;
  for (let at = 0; at < bytes.length || at === 0; at += max) {
    const piece = bytes.subarray(at, at + max);
    parts.push(Buffer.from(blockHeader(0, piece.length, at + max >= bytes.length)), Buffer.from(piece));
    if (bytes.length === 0) break;
  }
  if (checksum) parts.push(Buffer.from(checksumOf(bytes)));
  return Buffer.concat(parts);
}

/** A frame of `blocks` RLE blocks of 128 KiB of zeros each: ~4 compressed bytes per decoded 128 KiB. */
export function zeroBomb(blocks: number, opts: { contentSize?: number | null } = {}): Buffer {
  const contentSize = opts.contentSize === undefined ? null : opts.contentSize;
  // Window 1 MiB (exponent 10, mantissa 0) when not single-segment.
  const out = header({ contentSize, checksum: false, windowDescriptor: 10 << 3 });
  const body = Buffer.alloc(blocks * 4);
  for (let k = 0; k < blocks; k++) body.set([...blockHeader(1, 128 * 1024, k === blocks - 1), 0], k * 4);
  return Buffer.concat([Buffer.from(out), body]);
}

export const HEADER_LINE = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}\n';
export const EVENT_LINE = (seq: number) => `{"type":"session/title","seq":${seq},"time":${seq + 2},"data":"t${seq}"}\n`;
