import Reference from '../../../reference/session-reference/index.js';
import type { FittedReference } from '../../../reference/session-reference/projection.js';
import { PROMPT_PREFIX, PROMPT_SUFFIX } from '../../../reference/session-reference/prompt.js';

export const description = 'Escapes only "</" in the JSON, so source text can still open a look-alike tag such as <system>.';

export default class SessionReferenceResolver extends Reference {
  protected override renderPayload(fitted: readonly FittedReference[]): string {
    return PROMPT_PREFIX + JSON.stringify(fitted.map(({ data }) => data)).replaceAll('</', '\\u003c/') + PROMPT_SUFFIX;
  }
}

// The package's helper exports are unchanged in this variant (only the resolver is broken).
export { encodeSessionReferenceUri, decodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from '../../../reference/session-reference/uri.js';
