// The session-reference configuration (spec §2) as a zod 4 schema on a Service subclass: defaults for
// missing or null keys, whole numbers in range, unknown keys kept.
import { z } from 'zod';
import Resolver from '@deepseek-ai/dsh-session-reference';

const whole = (fallback, max) => {
  let n = z.number().int().min(1);
  if (max !== undefined) n = n.max(max);
  return n.nullish().transform((value) => value ?? fallback);
};

export default class SessionReferenceResolver extends Resolver {
  static Config = z
    .looseObject({ maxReferences: whole(3, 3), candidateLimit: whole(50), maxReferenceBytes: whole(65536) })
    .nullish()
    .transform((config) => config ?? { maxReferences: 3, candidateLimit: 50, maxReferenceBytes: 65536 });
}
// The documented helpers, re-exported (DSH consumers import them by name).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '@deepseek-ai/dsh-session-reference';
