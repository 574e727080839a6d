import Reference from '../../../reference/session-reference/index.js';
import type { ResolverContext } from '../../../reference/session-reference/types.js';

export const description = 'Publishes the service under the older name sessionReferences instead of sessionReferenceResolver (what DSH consumers look up).';

export default class SessionReferenceResolver extends Reference {
  constructor(ctx: ResolverContext, config?: ConstructorParameters<typeof Reference>[1]) {
    const renamed = Object.create(ctx, {
      reflect: { value: { provide: (name: string, value: unknown) => ctx.reflect.provide(name === 'sessionReferenceResolver' ? 'sessionReferences' : name, value) } },
    }) as ResolverContext;
    super(renamed, config);
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
