import type { RuleMeta } from '../engine.js';
import { specRefFor } from '../engine.js';
import type { Severity } from '../findings.js';
import type { CheckReport } from './report.js';
import { specUri } from './spec-uri.js';

/**
 * SARIF 2.1.0 for code-scanning UIs: rule metadata (title, MUST sentence, spec link, default level)
 * comes from each rule's {@link RuleMeta}; each finding is a result located at its file and (decoded)
 * line, with seq, witness and byte offset as properties.
 */
const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function renderSarif(report: CheckReport, rules: ReadonlyMap<string, RuleMeta>): string {
  const ids = [...rules.keys()].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            informationUri: 'https://www.npmjs.com/package/dsh-ctx-conform',
            rules: ids.map((id) => {
              const meta = rules.get(id)!;
              return {
                id,
                name: meta.title,
                shortDescription: { text: meta.title },
                fullDescription: { text: meta.must },
                helpUri: specUri(report.tool.version, specRefFor(id, meta)),
                defaultConfiguration: { level: level[meta.severity] },
              };
            }),
          },
        },
        properties: { spec: report.spec },
        results: report.findings.map((f) => ({
          ruleId: f.rule,
          ...(index.has(f.rule) ? { ruleIndex: index.get(f.rule) } : {}),
          level: level[f.severity],
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: f.file },
                ...(f.line !== null ? { region: { startLine: f.line } } : {}),
              },
            },
          ],
          properties: { seq: f.seq, witness: f.witness, byteOffset: f.byteOffset, specRef: f.specRef, lineIsDecoded: f.file.endsWith('.zstd') },
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
