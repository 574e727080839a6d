import type { SourceName } from '../../spec/revisions.js';
import { SOURCE_REGISTRY } from '../sources/index.js';
import { sessionArbitrary } from './session-arbitrary.js';

/** The generated-session arbitrary for a source, with the ingredients its registry entry names. */
export async function arbitraryFor(source: SourceName) {
  return sessionArbitrary(source, await SOURCE_REGISTRY[source].ingredients());
}
