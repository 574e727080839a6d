/**
 * The durable DSH session log, as the kit sees it after decoding.
 *
 * These are the *logical* shapes: packed chunk rows are already expanded into the `assistant/chunk`
 * events they stand for, and legacy v0 shapes are already normalised (see `spec/log.md`).
 * Zod schemas for validation live in `./schemas.ts`; these interfaces are what the rest of the kit
 * passes around.
 */

/** How a surface-eligible event changes the model-visible surface. */
export type SurfaceOp = 'append' | { op: 'replace'; start: number; end: number };

/** One event of the durable log (`session.events[seq]` in DSH). */
export interface SessionEvent {
  type: string;
  seq: number;
  /** Unix epoch milliseconds from `Date.now()` at append time. Not monotone. */
  time: number;
  data: unknown;
  sourceEventSeqs?: number[];
  surfaceOp?: SurfaceOp;
  ignorable?: true;
}

/** The first line of every log file. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  createdAt: number;
  cwd?: string;
  parentSession?: string;
  seedLength?: number;
  origin?: 'subagent';
  delegationDepth: number;
  agentPreset?: unknown;
  [key: string]: unknown;
}

/** Where a record came from on disk. `line` is the 1-based *logical* line (after zstd decoding). */
export interface EventLocation {
  file: string;
  line: number;
  /** Byte offset of the start of the line within the decoded JSONL stream. */
  byteOffset: number;
}

export interface LocatedEvent {
  event: SessionEvent;
  loc: EventLocation;
}

/** The three surface-eligible event types. */
export const SURFACE_TYPES = new Set(['user/message', 'assistant/message', 'tool/result']);

/** Content blocks and messages, loosely typed: rules check shapes themselves and report. */
export interface MessageLike {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: Array<{ type: string; [key: string]: unknown }>;
  source: { kind: string; [key: string]: unknown };
}
