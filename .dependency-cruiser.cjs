/**
 * The import rules of the house (ARCHITECTURE.md, "Imports flow one way"):
 *   conformance/ → invariants/ → spec/      conformance/ → reference/ → spec/
 * The validator (invariants/) must not share code with what it validates (reference/), nor with the
 * kit that drives plugins (conformance/); the reference must stand alone. No cycles anywhere.
 * Enforced by `npm run deps` (part of `npm test`) and by conformance/architecture.test.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'invariants-independent',
      comment: 'invariants/ imports neither reference/ nor conformance/ (a shared bug would hide itself)',
      severity: 'error',
      from: { path: '^invariants/' },
      to: { path: '^(reference|conformance|bench)/' },
    },
    {
      name: 'reference-alone',
      comment: 'reference/ imports neither invariants/ nor conformance/: it is testable alone',
      severity: 'error',
      from: { path: '^reference/' },
      to: { path: '^(invariants|conformance|bench)/' },
    },
    {
      name: 'spec-at-the-bottom',
      comment: 'spec/ is the shared vocabulary; only its own generator scripts may look up',
      severity: 'error',
      from: { path: '^spec/', pathNot: '^spec/schemas/(generate|roundtrip|schemas\\.test)\\.ts$' },
      to: { path: '^(reference|invariants|conformance|bench)/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles (type-only imports included)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
