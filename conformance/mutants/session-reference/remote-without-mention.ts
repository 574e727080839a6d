import Reference from '../../../reference/session-reference/index.js';
import type { AgentLike } from '../../../reference/session-reference/types.js';

export const description = 'Serves the Remote candidates method without the canonical mention field (and with the listCandidates default limit).';

export default class SessionReferenceResolver extends Reference {
  override async remoteExportCandidates(agent: AgentLike, query: string, signal?: AbortSignal) {
    return (await this.listCandidates(agent, query, 50, signal)) as never;
  }
}
