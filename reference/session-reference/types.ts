import type { UserMessage } from '../shared/message.js';

/**
 * The host services and values session-reference touches (research "Host-surface members"):
 * `ctx.sessionQuery` for reads and the pre-step payload's `agent`.
 */

/** One surface event of another session, as `sessionQuery.readSurface` returns it. */
export type SurfaceEvent =
  | { type: 'user/message'; seq?: number; data: { content: ContentBlock[]; source: { kind: string; [key: string]: unknown } } }
  | { type: 'assistant/message'; seq?: number; data: { message: { content: ContentBlock[] } } }
  | { type: 'tool/result'; seq?: number; data: unknown };

export interface ContentBlock {
  type: string;
  text?: unknown;
  [key: string]: unknown;
}

export interface SurfaceSnapshot {
  session: { id: string; cwd?: string; [key: string]: unknown };
  /** Highest raw seq of the source log when it was read (null for an empty log). */
  capturedThroughSeq: number | null;
  events: SurfaceEvent[];
}

export interface SessionRecord {
  header: { id: string; cwd?: string; createdAt: number; [key: string]: unknown };
}

export type TitleObservation =
  | { status: 'fulfilled'; value: { title?: { title: string } } }
  | { status: 'rejected'; reason?: unknown };

export interface SessionQuery {
  listSessions(signal?: AbortSignal): Promise<SessionRecord[]>;
  readTitleSnapshots(ids: string[], signal?: AbortSignal): Promise<TitleObservation[]>;
  readSurface(id: string): Promise<SurfaceSnapshot>;
}

export interface AgentLike {
  id: string;
  session: { header: { cwd?: string } };
}

export interface PreStepPayload {
  agent: AgentLike;
  signal?: AbortSignal;
  [key: string]: unknown;
}

export type PreStepDecision = { kind: 'reject'; [key: string]: unknown } | { kind: 'enter'; messages: UserMessage[] };

/** The ctx members the service uses. */
export interface ResolverContext {
  on(name: string, listener: (payload: PreStepPayload, next: () => Promise<PreStepDecision>) => unknown, options?: { prepend?: boolean }): unknown;
  reflect: { provide(name: string, value: unknown, check?: unknown): void };
  readonly sessionQuery?: SessionQuery;
}

/** Per-reference statistics recorded in the context's source. */
export interface ReferenceStats {
  compacted: boolean;
  originalMessages: number;
  retainedMessages: number;
  omittedMessages: number;
  omittedBytes: number;
  truncated: boolean;
}

/** The JSON object the model sees for one referenced session. */
export interface ReferenceData {
  sessionId: string;
  label: string;
  cwd: string | null;
  capturedThroughSeq: number | null;
  conversation: Array<{ role: 'user' | 'assistant'; text: string }>;
}
