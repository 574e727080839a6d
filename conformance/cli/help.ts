export function topLevelHelp(): string {
  return `dsh-ctx-conform — conformance kit and invariant validator for DeepSeek Harness context sources

Usage:
  dsh-ctx-conform [run] [PLUGIN...] [options]
                                            run plugins against the conformance suite ('run' may be
                                            left out; no PLUGIN: the bundled reference implementations)
  dsh-ctx-conform check PATH... [options]   validate session logs (session.jsonl[.zstd] or directories)
  dsh-ctx-conform merge-reports FILE... [options]
                                            merge shard JSON reports (of run or check) into one
                                            JSON, JUnit, SARIF or HTML report
  dsh-ctx-conform fixtures --list|--export DIR
                                            show or export the conformance suite
  dsh-ctx-conform help COMMAND              the options of one command (also: COMMAND --help)

Commands: run, check, merge-reports, fixtures, help.

Exit codes: 0 clean, 1 violations or failures, 2 usage error, 3 internal error.
`;
}
