import type { z } from 'zod';
import { buildLog, type Entry } from '../../host/services/other-session-log.js';
import type { OtherSession, ReadBehaviour } from '../../host/services/session-query.js';

/** The logs of other sessions: one builder for the generators, the property suite and the tests. */
export { buildLog, type Entry } from '../../host/services/other-session-log.js';

export function otherSession(
  id: string,
  entries: readonly Entry[],
  options: { cwd?: string; createdAt?: number; read?: ReadBehaviour; titleRead?: 'ok' | 'fail'; listed?: boolean } = {},
): z.input<typeof OtherSession> {
  return {
    header: { type: 'session', version: 0, id, createdAt: options.createdAt ?? 1_700_000_000_000, delegationDepth: 0, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) },
    log: buildLog(id, entries),
    ...(options.read ? { read: options.read } : {}),
    ...(options.titleRead ? { titleRead: options.titleRead } : {}),
    ...(options.listed === undefined ? {} : { listed: options.listed }),
  };
}
