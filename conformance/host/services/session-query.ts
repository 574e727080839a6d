import { z } from 'zod';
import type { SessionEvent } from '../../../invariants/log/types.js';
import { SurfaceFold } from '../../../invariants/model/surface.js';
import type { AdapterFactory, ServiceAdapter } from './adapter.js';

/**
 * `ctx.sessionQuery` of the simulated host: the other sessions a session-reference plugin may read,
 * built from fixture logs (environment section `sessions`).
 *
 * It answers the three calls session-reference makes, with the shapes of DSH's session-query service:
 * `listSessions(signal)` (records newest first), `readTitleSnapshots(ids, signal)` (one settled result
 * per distinct id, titles folded from `session/title` events) and `readSurface(id)` (the header, the
 * highest raw seq, and the events of the *current* surface, folded with the validator's own
 * {@link SurfaceFold}). Every call is recorded, and reads can be made to fail in each way a real
 * store can: unknown session, a throwing read, a read that never answers, a non-Error rejection, a
 * failing title read or listing.
 */

const JsonObject = z.record(z.string(), z.unknown());

/** One event of another session's log. `seq` defaults to its index and `time` to 0. */
export const OtherSessionEvent = z.looseObject({
  type: z.string(),
  seq: z.number().int().optional(),
  time: z.number().optional(),
  data: z.unknown(),
  surfaceOp: z.unknown().optional(),
  sourceEventSeqs: z.array(z.number().int()).optional(),
});

export const OtherSessionHeader = z.looseObject({
  type: z.literal('session').default('session'),
  version: z.number().default(0),
  id: z.string(),
  createdAt: z.number().default(0),
  cwd: z.string().optional(),
  delegationDepth: z.number().default(0),
});

/** How `readSurface` answers for one session. */
export const ReadBehaviour = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({ kind: z.literal('missing') }).describe('listed, but the read reports it not found (deleted meanwhile)'),
  z.object({ kind: z.literal('throw'), message: z.string() }).describe('the read rejects with an Error'),
  z.object({ kind: z.literal('reject'), value: z.string() }).describe('the read rejects with a non-Error value'),
  z.object({ kind: z.literal('hang') }).describe('the read never settles'),
]);
export type ReadBehaviour = z.infer<typeof ReadBehaviour>;

export const OtherSession = z.object({
  header: OtherSessionHeader,
  log: z.array(OtherSessionEvent).default([]),
  read: ReadBehaviour.default({ kind: 'ok' }),
  titleRead: z.enum(['ok', 'fail']).default('ok').describe('fail: this session\'s title observation is rejected'),
  listed: z.boolean().default(true).describe('false: readable but absent from listSessions'),
});
export type OtherSession = z.infer<typeof OtherSession>;

/** The `env.sessions` section of a scenario fixture. */
export const OtherSessionsSpec = z.object({
  sessions: z.array(OtherSession).default([]),
  listSessions: z.enum(['ok', 'fail', 'hang']).default('ok'),
  readTitles: z.enum(['ok', 'fail', 'hang']).default('ok'),
});
export type OtherSessionsSpec = z.infer<typeof OtherSessionsSpec>;
export type OtherSessionsSpecInput = z.input<typeof OtherSessionsSpec>;

/** `{do:'env', section:'sessions', change}`: how other sessions change while the scenario runs. */
export const SessionsChange = z.discriminatedUnion('op', [
  z.object({ op: z.literal('append'), sessionId: z.string(), event: OtherSessionEvent }).describe('the other session grows (seq = its length)'),
  z.object({ op: z.literal('delete'), sessionId: z.string() }),
  z.object({ op: z.literal('add'), session: OtherSession }),
  z.object({ op: z.literal('read'), sessionId: z.string(), read: ReadBehaviour }).describe('change how reads of it answer'),
]);
export type SessionsChange = z.infer<typeof SessionsChange>;

/** Mirrors DSH session-query's error type (name, code) so failure texts look like production. */
export class SessionQueryError extends Error {
  override name = 'SessionQueryError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const notFound = (id: string) => new SessionQueryError(`session "${id}" not found`, 'SESSION_QUERY_SESSION_NOT_FOUND');

interface StoredSession {
  header: z.infer<typeof OtherSessionHeader>;
  events: SessionEvent[];
  read: ReadBehaviour;
  titleRead: 'ok' | 'fail';
  listed: boolean;
}

function toEvent(input: z.infer<typeof OtherSessionEvent>, index: number): SessionEvent {
  const { type, seq, time, data, ...rest } = input;
  return { ...rest, type, seq: seq ?? index, time: time ?? 0, data } as SessionEvent;
}

function store(session: OtherSession): StoredSession {
  return {
    header: structuredClone(session.header),
    events: session.log.map(toEvent),
    read: session.read,
    titleRead: session.titleRead,
    listed: session.listed,
  };
}

const never = <T>() => new Promise<T>(() => {});

export class SimSessionQuery {
  private readonly sessions = new Map<string, StoredSession>();
  /** Every call, in order: `listSessions`, `readTitleSnapshots <ids,…>`, `readSurface <id>`. */
  readonly calls: string[] = [];
  private readonly listMode: OtherSessionsSpec['listSessions'];
  private readonly titlesMode: OtherSessionsSpec['readTitles'];

  constructor(others: OtherSessionsSpecInput = {}) {
    const parsed = OtherSessionsSpec.parse(others);
    for (const session of parsed.sessions) this.sessions.set(session.header.id, store(session));
    this.listMode = parsed.listSessions;
    this.titlesMode = parsed.readTitles;
  }

  async listSessions(signal?: AbortSignal): Promise<Array<{ header: StoredSession['header'] }>> {
    this.calls.push('listSessions');
    signal?.throwIfAborted();
    if (this.listMode === 'fail') throw new SessionQueryError('session persistence listing failed: simulated listing failure', 'SESSION_QUERY_PERSISTENCE_FAILED');
    if (this.listMode === 'hang') return never();
    return [...this.sessions.values()]
      .filter((s) => s.listed)
      .map((s) => ({ header: structuredClone(s.header) }))
      .sort((a, b) => b.header.createdAt - a.header.createdAt || a.header.id.localeCompare(b.header.id));
  }

  async readTitleSnapshots(ids: string[], signal?: AbortSignal): Promise<unknown[]> {
    this.calls.push(`readTitleSnapshots ${ids.join(',')}`);
    signal?.throwIfAborted();
    if (this.titlesMode === 'fail') throw new SessionQueryError('session persistence listing failed: simulated title failure', 'SESSION_QUERY_PERSISTENCE_FAILED');
    if (this.titlesMode === 'hang') return never();
    return [...new Set(ids)].map((id) => {
      const session = this.sessions.get(id);
      if (session === undefined) return { status: 'rejected', reason: notFound(id) };
      if (session.titleRead === 'fail') return { status: 'rejected', reason: new Error('broken title log') };
      const title = session.events.findLast((e) => e.type === 'session/title');
      const data = title?.data as { title?: unknown } | undefined;
      return {
        status: 'fulfilled',
        value: {
          session: structuredClone(session.header),
          ...(title === undefined ? {} : { title: { title: data?.title, eventSeq: title.seq, updatedAt: title.time } }),
        },
      };
    });
  }

  async readSurface(id: string): Promise<unknown> {
    this.calls.push(`readSurface ${id}`);
    const session = this.sessions.get(id);
    if (session === undefined) throw notFound(id);
    switch (session.read.kind) {
      case 'missing':
        throw notFound(id);
      case 'throw':
        throw new Error(session.read.message);
      case 'reject':
        return Promise.reject(session.read.value);
      case 'hang':
        return never();
      case 'ok':
        return this.snapshot(id, session);
    }
  }

  private snapshot(id: string, session: StoredSession) {
    const fold = new SurfaceFold();
    for (const event of session.events) {
      const step = fold.apply(event);
      if (step.kind === 'invalid') throw new SessionQueryError(`invalid session surface for "${id}": ${step.reason}`, 'SESSION_QUERY_INVALID_SURFACE');
    }
    return {
      session: structuredClone(session.header),
      capturedThroughSeq: session.events.at(-1)?.seq ?? null,
      events: fold.nodes.map((seq) => structuredClone(session.events[seq])),
    };
  }

  /** Apply a `{do:'env', section:'sessions'}` change. */
  change(input: unknown): void {
    const change = SessionsChange.parse(input);
    switch (change.op) {
      case 'add':
        this.sessions.set(change.session.header.id, store(change.session));
        return;
      case 'delete':
        this.sessions.delete(change.sessionId);
        return;
      case 'append':
      case 'read': {
        const session = this.sessions.get(change.sessionId);
        if (session === undefined) throw new Error(`sessions change names an unknown session "${change.sessionId}"`);
        if (change.op === 'read') session.read = change.read;
        else session.events.push(toEvent(change.event, session.events.length));
        return;
      }
    }
  }
}

/** The adapter the scenario runner uses for `env.sessions`. */
export const createAdapter: AdapterFactory = (section: unknown): ServiceAdapter => {
  const sessionQuery = new SimSessionQuery((section ?? {}) as OtherSessionsSpecInput);
  return {
    services: { sessionQuery },
    change: (change) => sessionQuery.change(change),
    observe: () => ({ calls: [...sessionQuery.calls] }),
  };
};
