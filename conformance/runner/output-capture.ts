import { StringDecoder } from 'node:string_decoder';

/**
 * The plugin's stdout or stderr, cut into one segment per request. After each request the child
 * writes an end marker (`\0dsh-ctx-conform-end:<request id>\n`) to both streams; what came before it
 * belongs to that request. Each segment keeps at most `limit` characters (the rest is counted and
 * replaced by a truncation marker), so a plugin printing without end costs bounded memory.
 */
export const END_MARKER_PREFIX = '\u0000dsh-ctx-conform-end:';
const ID_LENGTH = 36;
const MARKER_LENGTH = END_MARKER_PREFIX.length + ID_LENGTH + 1;
export const DEFAULT_OUTPUT_LIMIT = 64 * 1024;

export function endMarker(id: string): string {
  if (id.length !== ID_LENGTH) throw new Error('request ids are UUIDs');
  return `${END_MARKER_PREFIX}${id}\n`;
}

export class StreamCapture {
  private readonly decoder = new StringDecoder('utf8');
  private carry = '';
  private kept = '';
  private dropped = 0;
  private readonly done = new Map<string, string>();
  private readonly waiters = new Map<string, (text: string) => void>();

  constructor(private readonly limit = DEFAULT_OUTPUT_LIMIT) {}

  write(chunk: Buffer): void {
    this.scan(this.carry + this.decoder.write(chunk));
  }

  private scan(data: string): void {
    for (;;) {
      const at = data.indexOf(END_MARKER_PREFIX);
      if (at === -1) {
        const keep = Math.min(data.length, MARKER_LENGTH - 1);
        this.commit(data.slice(0, data.length - keep));
        this.carry = data.slice(data.length - keep);
        return;
      }
      if (data.length < at + MARKER_LENGTH) {
        this.commit(data.slice(0, at));
        this.carry = data.slice(at);
        return;
      }
      this.commit(data.slice(0, at));
      const id = data.slice(at + END_MARKER_PREFIX.length, at + END_MARKER_PREFIX.length + ID_LENGTH);
      this.finish(id);
      data = data.slice(at + MARKER_LENGTH);
    }
  }

  private commit(text: string): void {
    const room = this.limit - this.kept.length;
    if (text.length <= room) this.kept += text;
    else {
      this.kept += text.slice(0, Math.max(0, room));
      this.dropped += text.length - Math.max(0, room);
    }
  }

  /** The text so far, with a truncation marker when some was dropped; starts a new segment. */
  private cut(): string {
    const text = this.kept + (this.dropped ? `\n[... ${this.dropped} more characters truncated by dsh-ctx-conform]\n` : '');
    this.kept = '';
    this.dropped = 0;
    return text;
  }

  private finish(id: string): void {
    const text = this.cut();
    const waiter = this.waiters.get(id);
    if (waiter) {
      this.waiters.delete(id);
      waiter(text);
    } else this.done.set(id, text);
  }

  /** The segment ended by request `id`'s marker; after `graceMs` without one, whatever is buffered. */
  take(id: string, graceMs: number): Promise<string> {
    const ready = this.done.get(id);
    if (ready !== undefined) {
      this.done.delete(id);
      return Promise.resolve(ready);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        this.commit(this.carry);
        this.carry = '';
        resolve(this.cut());
      }, graceMs);
      this.waiters.set(id, (text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  }

  /** Everything not yet attributed (at the end, or when the process died mid-request). */
  rest(): string {
    this.commit(this.carry + this.decoder.end());
    this.carry = '';
    return this.cut();
  }
}
