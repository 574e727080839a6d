import { SessionReferenceError } from './config.js';
import { raceAbort, throwIfCancelled } from './cancellation.js';
import type { AgentLike, SessionQuery, SessionRecord } from './types.js';

/**
 * Reference candidates for a host's autocomplete (spec "Candidates"): every other session, those in
 * the agent's working directory first, then those without one, then the rest; list order breaks ties.
 * Labels are the latest session title when it could be read, else the id.
 */

export interface Candidate {
  sessionId: string;
  label: string;
  cwd?: string;
  createdAt: number;
}

function cwdRank(candidateCwd: string | undefined, targetCwd: string | undefined): number {
  if (candidateCwd !== undefined && targetCwd !== undefined && candidateCwd === targetCwd) return 0;
  if (candidateCwd === undefined) return 1;
  return 2;
}

export async function listCandidates(
  sessionQuery: SessionQuery,
  agent: AgentLike,
  query: string,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<Candidate[]> {
  if (!Number.isSafeInteger(limit) || limit <= 0) {
    throw new SessionReferenceError('candidate limit must be a positive safe integer', 'SESSION_REFERENCE_INVALID_REFERENCE');
  }
  const needle = query.toLocaleLowerCase();
  const targetCwd = agent.session.header.cwd;
  const byRank = (a: { record: SessionRecord; index: number }, b: { record: SessionRecord; index: number }) =>
    cwdRank(a.record.header.cwd, targetCwd) - cwdRank(b.record.header.cwd, targetCwd) || a.index - b.index;
  throwIfCancelled(signal);
  const listed = await raceAbort(sessionQuery.listSessions(signal), signal);
  const others = listed.filter((record) => record.header.id !== agent.id).map((record, index) => ({ record, index }));
  // Without a query the ranking alone decides, so only the winners' titles need reading.
  const inspected = needle === '' ? others.sort(byRank).slice(0, limit) : others;
  const titles = await raceAbort(
    sessionQuery.readTitleSnapshots(
      inspected.map(({ record }) => record.header.id),
      signal,
    ),
    signal,
  );
  return inspected
    .map(({ record, index }, i) => {
      const observation = titles[i];
      const label = observation.status === 'fulfilled' ? (observation.value.title?.title ?? record.header.id) : record.header.id;
      return { record, index, label };
    })
    .filter(({ record, label }) =>
      needle === '' ||
      record.header.id.toLocaleLowerCase().includes(needle) ||
      record.header.cwd?.toLocaleLowerCase().includes(needle) === true ||
      label.toLocaleLowerCase().includes(needle),
    )
    .sort(byRank)
    .slice(0, limit)
    .map(({ record, label }) => ({
      sessionId: record.header.id,
      label,
      ...(record.header.cwd === undefined ? {} : { cwd: record.header.cwd }),
      createdAt: record.header.createdAt,
    }));
}
