/** The error type lives below the CLI (conformance/usage-error.ts) so the runner can raise it too. */
export { EXIT, UsageError } from '../usage-error.js';
