import { createHash } from "node:crypto";

/** The labels ao puts on what it creates, so one LIST by label finds every session's pod. */
export const MANAGED_BY = { key: "app.kubernetes.io/managed-by", value: "agent-orchestrator" } as const;
export const SESSION_LABEL = "agent-orchestrator.dev/session";
export const PROJECT_LABEL = "agent-orchestrator.dev/project";
export const SESSION_ANNOTATION = "agent-orchestrator.dev/session-id";

/** The agent's container and the init container that prepares the workspace. */
export const AGENT_CONTAINER = "agent";
export const WORKSPACE_CONTAINER = "workspace";

/**
 * A pod name (an RFC 1123 label, at most 63 characters) for a session id: `ao-<id>` lower-cased,
 * other characters as `-`; when that changed or shortened the id, a hash of the id keeps two ids
 * from sharing a pod. The same id always gives the same name, so a handle finds its pod again.
 */
export function podNameFor(sessionId: string): string {
  const slug = sessionId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const plain = `ao-${slug}`;
  if (plain.length <= 63 && slug === sessionId) return plain;
  const hash = createHash("sha256").update(sessionId).digest("hex").slice(0, 8);
  return `${plain.slice(0, 54).replace(/-+$/, "")}-${hash}`;
}

export const secretNameFor = (podName: string): string => `${podName}-env`;

/** A label value (≤ 63 of [A-Za-z0-9._-], alphanumeric at both ends) standing for `text`. */
export function labelValueFor(text: string): string {
  const value = text
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, 63)
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
  return value === "" ? "none" : value;
}
