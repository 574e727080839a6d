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
      comment: 'spec/ is the shared vocabulary (revisions, source names); it looks up to nothing',
      severity: 'error',
      from: { path: '^spec/' },
      to: { path: '^(reference|invariants|conformance|bench)/' },
    },
    {
      name: 'log-reader-below-engine',
      comment: 'the log reader knows nothing of the engine, the rules or the reporters that consume it',
      severity: 'error',
      from: { path: '^invariants/log/', pathNot: '\\.test\\.ts$' },
      to: { path: '^invariants/(engine|check|check-paths|rules|reporters|model)(/|\\.ts$)' },
    },
    {
      name: 'host-below-scenario',
      comment: 'the simulated host and its services know nothing of scenarios, the runner, the CLI or the registry',
      severity: 'error',
      from: { path: '^conformance/host/', pathNot: '\\.test\\.ts$' },
      to: { path: '^conformance/(scenario|runner|cli|generators|sources|properties|mutants|integration)/' },
    },
    {
      name: 'runner-below-cli',
      comment: 'the runner is a library the CLI drives, never the other way up',
      severity: 'error',
      from: { path: '^conformance/(runner|scenario|loader|host)/' },
      to: { path: '^conformance/cli/' },
    },
    {
      name: 'no-circular',
      comment:
        'no import cycles at run time. Type-only edges are left out: two modules whose types name each other ' +
        '(a seam interface and its default implementation) load in any order.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
