// The Service class is only a named export (beside an Error class): DSH takes no named export.
export class SessionReferenceError extends Error {}
export class SessionReferenceResolver {
  constructor() {}
}
