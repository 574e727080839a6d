import Reference from '../../../reference/session-reference/index.js';
import type { AgentLike } from '../../../reference/session-reference/types.js';

export const description = 'Serves the Remote candidates method without the canonical mention field (and with the listCandidates default limit).';

export default class SessionReferenceResolver extends Reference {
  override async remoteExportCandidates(agent: AgentLike, query: string, signal?: AbortSignal) {
    return (await this.listCandidates(agent, query, 50, signal)) as never;
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
