/**
 * The SARIF 2.1.0 envelope both SARIF reporters write (`check`'s, invariants/reporters/sarif.ts, and
 * `run`'s, conformance/reporters/run-sarif.ts): one run whose driver is the kit, with its rule
 * descriptors, the run's properties and its results. Key order is the output's order.
 */
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const INFORMATION_URI = 'https://www.npmjs.com/package/dsh-ctx-conform';

export interface SarifRunInput<R> {
  tool: { name: string; version: string };
  /** `tool.driver.rules`, in the order `ruleIndex` counts. */
  rules: readonly unknown[];
  /** `invocations[0].toolExecutionNotifications`; omitted when empty. */
  notifications?: readonly unknown[];
  properties: Record<string, unknown>;
  results: R;
}

export function sarifLog<R>(run: SarifRunInput<R>) {
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: run.tool.name, version: run.tool.version, informationUri: INFORMATION_URI, rules: run.rules } },
        ...(run.notifications?.length ? { invocations: [{ executionSuccessful: true, toolExecutionNotifications: run.notifications }] } : {}),
        properties: run.properties,
        results: run.results,
      },
    ],
  };
}

/** Each id's position in `ids` (a SARIF result's `ruleIndex`), looked up in constant time. */
export function ruleIndexes(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, i) => [id, i]));
}
