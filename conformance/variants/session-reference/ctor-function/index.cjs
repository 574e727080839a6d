'use strict';
// The Service written as a plain constructor function in CommonJS: DSH constructs any function with
// a prototype (`new Plugin(ctx, config)`). Constructing returns the published resolver it builds.
const upstream = require('@deepseek-ai/dsh-session-reference');
const Resolver = upstream.default;

function SessionReferenceResolver(ctx, config) {
  if (!new.target) throw new TypeError('SessionReferenceResolver must be constructed with new');
  return new Resolver(ctx, config);
}
SessionReferenceResolver.inject = ['sessionQuery'];
SessionReferenceResolver.Config = Resolver.Config;

module.exports = SessionReferenceResolver;
// The documented helpers, as named exports (DSH consumers import them by name).
module.exports.encodeSessionReferenceUri = upstream.encodeSessionReferenceUri;
module.exports.decodeSessionReferenceUri = upstream.decodeSessionReferenceUri;
module.exports.formatSessionReferenceMention = upstream.formatSessionReferenceMention;
module.exports.parseSessionReferenceText = upstream.parseSessionReferenceText;
