// Extra exports (an Error class listed first, constants, helpers) around a default-exported Service
// whose Config is a valibot schema. DSH takes the default export; none of the others is the plugin.
import * as v from 'valibot';
import Resolver, { SessionReferenceError, encodeSessionReferenceUri } from '@deepseek-ai/dsh-session-reference';

export { SessionReferenceError, encodeSessionReferenceUri };
export { decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '@deepseek-ai/dsh-session-reference';
export class VariantConfigError extends Error {}
export const LIMITS = { maxReferences: 3 };

const whole = (fallback, max) =>
  v.pipe(v.nullish(max === undefined ? v.pipe(v.number(), v.integer(), v.minValue(1)) : v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max))), v.transform((value) => value ?? fallback));

class SessionReferenceResolver extends Resolver {
  static Config = v.pipe(
    v.nullish(v.looseObject({}), {}),
    v.transform((config) => config ?? {}),
    v.looseObject({ maxReferences: whole(3, 3), candidateLimit: whole(50), maxReferenceBytes: whole(65536) }),
  );
}

export default SessionReferenceResolver;
