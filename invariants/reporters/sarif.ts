import type { RuleMeta } from '../engine.js';
import { specRefFor } from '../engine.js';
import type { Severity } from '../findings.js';
import { streamJson } from './json-stream.js';
import type { CheckReport } from './report.js';
import { ruleIndexes, sarifLog } from './sarif-log.js';
import { specUri } from './spec-uri.js';

/**
 * SARIF 2.1.0 for code-scanning UIs: rule metadata (title, MUST sentence, spec link, default level)
 * comes from each rule's {@link RuleMeta}; each finding is a result located at its file and (decoded)
 * line, with seq, witness, byte offset, messageId and data as properties. What the per-rule cap left out is a
 * tool-execution notification per file and rule. Streamed one result at a time.
 */
const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function* renderSarif(report: CheckReport, rules: ReadonlyMap<string, RuleMeta>): Generator<string> {
  const ids = [...rules.keys()].sort();
  const index = ruleIndexes(ids);
  const notifications = report.files.flatMap((f) =>
    Object.entries(f.suppressed).map(([rule, n]) => ({
      level: 'note',
      message: { text: `${n} more ${rule} finding(s) in ${f.file} not reported (over the per-rule cap, --max-findings-per-rule)` },
      descriptor: { id: rule },
      locations: [{ physicalLocation: { artifactLocation: { uri: f.file } } }],
      properties: { suppressed: n },
    })),
  );
  const result = (f: CheckReport['findings'][number]) => ({
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
    properties: { seq: f.seq, witness: f.witness, byteOffset: f.byteOffset, specRef: f.specRef, lineIsDecoded: f.file.endsWith('.zstd'), messageId: f.messageId, data: f.data },
  });
  const sarif = sarifLog({
    tool: report.tool,
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
    notifications,
    properties: { spec: report.spec, findingsSuppressed: report.summary.findingsSuppressed, findingsOmitted: report.summary.findingsOmitted },
    results: RESULTS,
  });
  // Stream the envelope; the placeholder marks where the results go, one per piece.
  for (const piece of streamJson(sarif, 5)) {
    if (piece !== RESULTS_JSON) {
      yield piece;
      continue;
    }
    const findings = report.findings;
    if (findings.length === 0) {
      yield '[]';
      continue;
    }
    yield '[\n';
    for (let i = 0; i < findings.length; i++) {
      yield '        ';
      yield* streamJson(result(findings[i]), 0, '        ');
      yield i < findings.length - 1 ? ',\n' : '\n';
    }
    yield '      ]';
  }
  yield '\n';
}

const RESULTS = '\u0000sarif-results\u0000';
const RESULTS_JSON = JSON.stringify(RESULTS);
