import Reference from '../../../reference/session-reference/index.js';
import type { ResolverContext } from '../../../reference/session-reference/types.js';

export const description = 'Reads referenced sessions one after another, so a hanging first read hides a failing second one until the turn is cancelled.';

export default class SessionReferenceResolver extends Reference {
  constructor(ctx: ResolverContext, config?: ConstructorParameters<typeof Reference>[1]) {
    const query = ctx.sessionQuery!;
    let chain: Promise<unknown> = Promise.resolve();
    const sequential = {
      listSessions: query.listSessions.bind(query),
      readTitleSnapshots: query.readTitleSnapshots.bind(query),
      readSurface: (id: string) => {
        const next = chain.then(() => query.readSurface(id));
        chain = next.catch(() => undefined);
        return next;
      },
    };
    super(Object.create(ctx, { sessionQuery: { value: sequential } }) as ResolverContext, config);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
