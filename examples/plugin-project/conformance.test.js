// The conformance suite as vitest tests: one per fixture, named source / category / title [id].
// Listed expected failures run as test.fails, so fixing one (without removing it) fails as stale.
import { describeConformance } from 'dsh-ctx-conform/vitest';

describeConformance('.', { source: 'time-context', expectedFailures: 'conform-baseline.yaml' });
