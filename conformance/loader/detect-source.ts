import { SOURCES, type SourceName } from '../../spec/revisions.js';

/**
 * Which of the four sources a plugin says it is. DSH itself only uses the plugin's `name` (a namespace's
 * `name`, a constructor's function name) for display; the kit also reads the package name, because a
 * Service class is named after the service, not the source (`SessionReferenceResolver`).
 */

/** Constructor names of the published Service classes, by source. */
const SERVICE_NAMES: Record<string, SourceName> = {
  SessionReferenceResolver: 'session-reference',
  SessionReferenceService: 'session-reference',
};

function isSource(value: string): value is SourceName {
  return (SOURCES as readonly string[]).includes(value);
}

/** `@deepseek-ai/dsh-time-context`, `dsh-time-context`, `my-time-context` → time-context. */
function sourceOfPackage(packageName: string | undefined): SourceName | undefined {
  if (!packageName) return undefined;
  const bare = packageName.split('/').pop()!;
  return SOURCES.find((s) => bare === s || bare.endsWith(`-${s}`));
}

export function detectSource(plugin: { declaredName?: string; packageName?: string }): SourceName | undefined {
  const name = plugin.declaredName;
  if (name !== undefined && isSource(name)) return name;
  if (name !== undefined && name in SERVICE_NAMES) return SERVICE_NAMES[name];
  return sourceOfPackage(plugin.packageName);
}
