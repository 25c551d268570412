import { isSecretKey, REDACTED, redactText, redactValue } from "../redact.js";
import { formatDuration } from "./duration.js";
import { loadConfig, type LoadContext } from "./load-config.js";
import type { ControlPlaneConfig, DaemonConfig, KeyPath, LoadedConfig } from "./types.js";

/** Values substituted from a variable whose name looks secret (GITHUB_TOKEN, SLACK_WEBHOOK_URL). */
async function secretsFromEnv(loaded: LoadedConfig): Promise<{ keyPaths: KeyPath[]; values: Set<string> }> {
  const document = await loaded.loadDocument();
  const references = document.envReferences.filter((ref) => ref.variables.some(isSecretKey));
  const values = new Set<string>();
  for (const ref of references) {
    const value: unknown = document.yaml.getIn(ref.keyPath);
    if (typeof value === "string" && value !== "") values.add(value);
  }
  return { keyPaths: references.map((ref) => ref.keyPath), values };
}

function maskAt(target: unknown, keyPath: KeyPath): void {
  const parents = keyPath.slice(0, -1);
  let node = target as Record<string | number, unknown> | undefined;
  for (const segment of parents) node = node?.[segment] as Record<string | number, unknown> | undefined;
  const last = keyPath[keyPath.length - 1];
  if (node && typeof node === "object" && last !== undefined && last in node) node[last] = REDACTED;
}

/** Copies of a secret value turn up elsewhere (a top-level reaction inherited by every project). */
function maskValues(value: unknown, secrets: ReadonlySet<string>): unknown {
  if (typeof value === "string") return secrets.has(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => maskValues(item, secrets));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskValues(inner, secrets)]));
}

/**
 * The daemon section as a person writes it. `webhookSecretEnv` names a variable, so masking it by
 * key name would hide the one thing a reader needs; the schema keeps secrets out of it.
 */
function writtenDaemon(daemon: DaemonConfig): Record<string, string | boolean> {
  return {
    pollInterval: formatDuration(daemon.pollIntervalMs),
    webhookSecretEnv: redactText(daemon.webhookSecretEnv),
    stopTimeout: formatDuration(daemon.stopTimeoutMs),
    watchFiles: daemon.watchFiles,
  };
}

/** A controlPlane section as a person writes it (seconds and durations, not milliseconds). */
function writtenControlPlane(section: ControlPlaneConfig, withHttp: boolean): Record<string, unknown> {
  return {
    enabled: section.enabled,
    sendBoundS: section.sendBoundMs / 1000,
    replyRetention: formatDuration(section.replyRetentionMs),
    commanderApprovals: section.commanderApprovals,
    ...(withHttp ? { http: section.http } : {}),
  };
}

/**
 * The resolved configuration, safe to paste into an issue: defaults applied, variables substituted,
 * secrets masked by key name, by pattern, and when they came from a secret-looking variable.
 */
export async function maskedConfig(loaded: LoadedConfig): Promise<Record<string, unknown>> {
  const copy = JSON.parse(JSON.stringify(loaded.config)) as {
    projects: Record<string, Record<string, unknown>>;
  };
  // `id` repeats the key; without it the output is itself a valid configuration file.
  for (const [id, project] of Object.entries(copy.projects)) {
    delete project["id"];
    const own = loaded.config.projects[id]?.controlPlane;
    if (own !== undefined) project["controlPlane"] = writtenControlPlane(own, false);
  }
  const secrets = await secretsFromEnv(loaded);
  for (const keyPath of secrets.keyPaths) maskAt(copy, keyPath);
  const masked = redactValue(maskValues(copy, secrets.values)) as Record<string, unknown>;
  return {
    ...masked,
    daemon: writtenDaemon(loaded.config.daemon),
    controlPlane: writtenControlPlane(loaded.config.controlPlane, true),
  };
}

export async function showConfig(
  ctx: LoadContext,
  options: { configPath?: string | undefined },
): Promise<{ path: string; config: Record<string, unknown> }> {
  const loaded = await loadConfig(ctx, { ...options, registered: false });
  return { path: loaded.path, config: await maskedConfig(loaded) };
}
