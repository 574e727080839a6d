/**
 * Head/tail text retention on UTF-8 bytes, never splitting a code point, plus the fit-to-target search
 * session-reference uses for one over-long message (spec/session-reference.md, "Fitting").
 *
 * Upstream delegates the byte cut to the `TextRetainer` of dsh-output-retention; this is our own
 * implementation of the same contract: keep at most `headBytes` from the start and `tailBytes` from the
 * end, move each cut inwards to a code-point boundary, and report exactly how many bytes were left out.
 */

const encoder = new TextEncoder();
// Default options on purpose: like the upstream retainer's decoder, a leading U+FEFF in either kept
// part is consumed as a byte-order mark (its bytes still count as kept).
const decoder = new TextDecoder();

const isContinuationByte = (byte: number): boolean => (byte & 0xc0) === 0x80;

export interface Retained {
  text: string;
  /** UTF-8 bytes of the original not present in `text`. */
  omittedBytes: number;
}

export function retainHeadTail(text: string, headBytes: number, tailBytes: number): Retained {
  const bytes = encoder.encode(text);
  const total = bytes.length;
  if (total <= headBytes + tailBytes) return { text: decoder.decode(bytes), omittedBytes: 0 };
  // The head cut backs off while it would end inside a multi-byte sequence; the tail cut moves
  // forward past continuation bytes. Both only ever shrink what is kept.
  let headEnd = headBytes;
  while (headEnd > 0 && isContinuationByte(bytes[headEnd])) headEnd--;
  let tailStart = total - tailBytes;
  while (tailStart < total && isContinuationByte(bytes[tailStart])) tailStart++;
  return {
    text: decoder.decode(bytes.subarray(0, headEnd)) + decoder.decode(bytes.subarray(tailStart)),
    omittedBytes: tailStart - headEnd,
  };
}

export const omissionMarker = (omittedBytes: number): string => `\n[… omitted ${omittedBytes} UTF-8 bytes …]`;

/**
 * The longest head/tail retention of `text` that, with the omission marker appended, fits in
 * `maxBytes`. It binary-searches the retained byte count (head gets the odd byte) exactly as upstream
 * does, so the chosen cut is the same even where fit is not monotone in the retained count. When
 * nothing fits, the text becomes empty and every byte counts as omitted.
 */
export function truncateWithNotice(text: string, maxBytes: number): Retained {
  const originalBytes = Buffer.byteLength(text, 'utf8');
  if (originalBytes <= maxBytes) return { text, omittedBytes: 0 };
  let best: Retained = { text: '', omittedBytes: originalBytes };
  let low = 0;
  let high = maxBytes;
  while (low <= high) {
    const keep = Math.floor((low + high) / 2);
    const kept = retainHeadTail(text, Math.ceil(keep / 2), Math.floor(keep / 2));
    const candidate = kept.text + omissionMarker(kept.omittedBytes);
    if (Buffer.byteLength(candidate, 'utf8') <= maxBytes) {
      best = { text: candidate, omittedBytes: kept.omittedBytes };
      low = keep + 1;
    } else {
      high = keep - 1;
    }
  }
  return best;
}
