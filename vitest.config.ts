import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,reference,invariants,conformance,bench}/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Property tests and the real-tmux integration test do real work; keep a generous per-test ceiling.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Plugins run isolated from the compiled kit in dist/: rebuild it when sources are newer.
    globalSetup: ['conformance/sandbox/ensure-dist.ts'],
  },
});
