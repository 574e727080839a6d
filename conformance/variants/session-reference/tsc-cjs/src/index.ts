// A Service class in TypeScript compiled with `tsc --module commonjs --esModuleInterop`: the default
// export becomes `exports.default` beside `__esModule`, the shape DSH unwraps twice.
import Resolver, { SessionReferenceError } from '@deepseek-ai/dsh-session-reference';

export default class SessionReferenceService extends Resolver {}
export { SessionReferenceError };
export const variant = 'tsc-cjs';
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '@deepseek-ai/dsh-session-reference';
