/** The package root and version live below the CLI (conformance/) so the runner can use them too. */
export { packageRoot } from '../package-root.js';
