import { isUsableBudget } from './config.js';
import { budgetMarker, COMPACT_INTRO, escapeFrameBody, frame, type TruncatedInstruction } from './text.js';

/**
 * Fitting instructions into `maxBytes` UTF-8 bytes. Files arrive broadest first; the most specific
 * file is the last and the most valuable. Every candidate text is measured whole (frame, marker,
 * intro, sections), so escaping and marker growth are always accounted for:
 *
 * 1. an unusable budget renders nothing and omits everything;
 * 2. the full text, if it fits;
 * 3. drop the 1, 2, … n−1 broadest files (listed as omitted) until it fits;
 * 4. keep only the most specific file and binary-search the longest UTF-8-safe content prefix that
 *    fits, first with the normal intro, then with the compact intro;
 * 5. the unframed notice plus the file's empty heading;
 * 6. the unframed notice alone, itself cut to `maxBytes`.
 *
 * A file is "represented" when its section kept at least one content byte (or was empty to begin
 * with); only represented files may be announced as changes or remembered as loaded.
 */

export interface BudgetFile {
  absolutePath: string;
  displayPath: string;
  content: string;
}

export interface RenderStyle<F extends BudgetFile> {
  intro: string;
  section(file: F): string;
  /** How the frame body is escaped (default: the closing tag only). */
  escape?: (body: string) => string;
}

export interface BudgetResult<F extends BudgetFile> {
  text: string;
  omitted: Array<F | { absolutePath: string; displayPath: string }>;
  truncated: TruncatedInstruction[];
  represented: F[];
}

export function utf8Length(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** The longest prefix of at most `maxBytes` UTF-8 bytes that does not split a code point. */
export function truncateUtf8(value: string, maxBytes: number): string {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= maxBytes) return value;
  let end = Math.max(0, Math.trunc(maxBytes));
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

function compose<F extends BudgetFile>(files: readonly F[], maxBytes: number, omitted: readonly { displayPath: string }[], truncated: readonly TruncatedInstruction[], style: RenderStyle<F>): string {
  return frame([budgetMarker(maxBytes, omitted, truncated), style.intro, ...files.map((f) => style.section(f))], style.escape);
}

const pathsOf = (files: readonly BudgetFile[]) => files.map((f) => ({ absolutePath: f.absolutePath, displayPath: f.displayPath }));

function withContentBytes<F extends BudgetFile>(file: F, bytes: number): F {
  return { ...file, content: truncateUtf8(file.content, bytes) };
}

/** Binary search for the largest content prefix of `file` whose whole rendering fits. */
function longestFittingPrefix<F extends BudgetFile>(file: F, maxBytes: number, omitted: readonly { displayPath: string }[], style: RenderStyle<F>): F {
  const originalBytes = utf8Length(file.content);
  let low = 0;
  let high = originalBytes;
  let best = withContentBytes(file, 0);
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const candidate = withContentBytes(file, mid);
    const truncated = [{ displayPath: file.displayPath, originalBytes, includedBytes: utf8Length(candidate.content) }];
    if (utf8Length(compose([candidate], maxBytes, omitted, truncated, style)) <= maxBytes) {
      best = candidate;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}

export function renderWithinBudget<F extends BudgetFile>(files: F[], maxBytes: number, style: RenderStyle<F>): BudgetResult<F> {
  if (!isUsableBudget(maxBytes)) return { text: '', omitted: files, truncated: [], represented: [] };

  const full = compose(files, maxBytes, [], [], style);
  if (utf8Length(full) <= maxBytes) return { text: full, omitted: [], truncated: [], represented: files };

  for (let dropped = 1; dropped < files.length; dropped += 1) {
    const kept = files.slice(dropped);
    const omitted = pathsOf(files.slice(0, dropped));
    const text = compose(kept, maxBytes, omitted, [], style);
    if (utf8Length(text) <= maxBytes) return { text, omitted, truncated: [], represented: kept };
  }

  const mostSpecific = files.at(-1);
  if (mostSpecific === undefined) return { text: '', omitted: [], truncated: [], represented: [] };
  const omitted = pathsOf(files.slice(0, -1));
  const originalBytes = utf8Length(mostSpecific.content);
  for (const attempt of [style, { ...style, intro: COMPACT_INTRO }]) {
    const cut = longestFittingPrefix(mostSpecific, maxBytes, omitted, attempt);
    const includedBytes = utf8Length(cut.content);
    const truncated = [{ displayPath: mostSpecific.displayPath, originalBytes, includedBytes }];
    const text = compose([cut], maxBytes, omitted, truncated, attempt);
    if (utf8Length(text) <= maxBytes) {
      return { text, omitted, truncated, represented: includedBytes > 0 || originalBytes === 0 ? [mostSpecific] : [] };
    }
  }

  // Not even a frame fits: an unframed notice, escaped like a body, so paths still cannot close a frame.
  const truncated = [{ displayPath: mostSpecific.displayPath, originalBytes, includedBytes: 0 }];
  const escape = style.escape ?? escapeFrameBody;
  const notice = escape(budgetMarker(maxBytes, omitted, truncated));
  const noticeWithHeading = escape([notice, style.section(withContentBytes(mostSpecific, 0))].join('\n\n'));
  if (utf8Length(noticeWithHeading) <= maxBytes) {
    return { text: noticeWithHeading, omitted, truncated, represented: originalBytes === 0 ? [mostSpecific] : [] };
  }
  return { text: utf8Length(notice) <= maxBytes ? notice : truncateUtf8(notice, maxBytes), omitted, truncated, represented: [] };
}
