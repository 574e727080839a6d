export function topLevelHelp(): string {
  return `dsh-ctx-conform — conformance kit and invariant validator for DeepSeek Harness context sources

Usage:
  dsh-ctx-conform [PLUGIN...] [options]     run plugins against the conformance suite
                                            (no PLUGIN: the bundled reference implementations)
  dsh-ctx-conform check PATH... [options]   validate session logs (session.jsonl[.zstd] or directories)
  dsh-ctx-conform fixtures --list|--export DIR
                                            show or export the conformance suite

Run 'dsh-ctx-conform <command> --help' for the options of each command.

Exit codes: 0 clean, 1 violations or failures, 2 usage error, 3 internal error.
`;
}
