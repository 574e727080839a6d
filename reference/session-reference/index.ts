/**
 * Reference implementation of session-reference (`@deepseek-ai/dsh-session-reference@0.1.0-rc.8`
 * behaviour): a Service class published as `ctx.sessionReferenceResolver`, plus the URI/mention
 * helpers and constants the package exports. See spec/session-reference.md.
 */
import { SessionReferenceResolver } from './resolver.js';

export {
  MAX_REFERENCES,
  DEFAULT_CANDIDATE_LIMIT,
  DEFAULT_MAX_REFERENCE_BYTES,
  SessionReferenceError,
  Config,
  type SessionReferenceConfig,
  type SessionReferenceErrorCode,
} from './config.js';
export {
  SESSION_REFERENCE_SCHEME,
  encodeSessionReferenceUri,
  decodeSessionReferenceUri,
  formatSessionReferenceMention,
  parseSessionReferenceText,
} from './uri.js';
export { SessionReferenceResolver };
export default SessionReferenceResolver;
