import { SESSION_PREFIX_PATTERN } from "../project-schema.js";
import type { KeyPath } from "../types.js";
import { dropped, droppedKeys, mapAt, type Data, type OriginalKeyFinding } from "./finding.js";
import { reactionFindings } from "./reaction-keys.js";

const NO_ORCHESTRATOR =
  "ao starts no orchestrator agent of its own: a commander agent drives workers over MCP (controlPlane, docs/control-plane.md); removed";

/** Project keys of the original that ao has no use for, and why. */
const PROJECT_DROPPED: Readonly<Record<string, string>> = {
  name: "ao shows a project by its id (the key above); the display name is not used; removed",
  storageKey: "ao keeps a project's sessions under AO_HOME/projects/<project id>; removed",
  originUrl: "ao reads the remote from the checkout itself (git remote get-url origin); removed",
  resolveError: "written by the original ao when it could not resolve the project; removed",
  orchestrator: NO_ORCHESTRATOR,
  orchestratorRules: `${NO_ORCHESTRATOR.replace("; removed", "")}; put rules for commanders in their own prompt; removed`,
  orchestratorSessionStrategy: NO_ORCHESTRATOR,
  opencodeIssueSessionStrategy:
    "ao starts a fresh agent conversation per session and resumes it on restore (ao session restore); removed",
};

const PERMISSIONS: Readonly<Record<string, string>> = {
  skip: "permissionless",
  "auto-edit": "default",
  suggest: "default",
};

/** `skip` is the original's old spelling of permissionless; auto-edit and suggest have no match. */
function permissionFinding(value: unknown, from: KeyPath, to: KeyPath): OriginalKeyFinding | undefined {
  if (typeof value !== "string" || !Object.hasOwn(PERMISSIONS, value)) return undefined;
  const ours = PERMISSIONS[value] as string;
  const why =
    ours === "permissionless"
      ? "`skip` is the original's spelling of permissionless (same meaning)"
      : `ao has default and permissionless; \`${value}\` becomes default (the agent asks before risky actions)`;
  return {
    keyPath: from,
    message: `${why}: ao uses ${ours}`,
    edits: [{ op: "set", keyPath: to, value: ours }],
  };
}

/** agentConfig keys ao has; the original passes any other key through to its agent plugins. */
const AGENT_CONFIG_KEYS = new Set(["permissions", "model", "autoAllow", "env"]);

function agentConfigFindings(
  agentConfig: Data | undefined,
  at: KeyPath,
  into: KeyPath,
): OriginalKeyFinding[] {
  if (agentConfig === undefined) return [];
  const findings: OriginalKeyFinding[] = [];
  for (const [key, value] of Object.entries(agentConfig)) {
    if (key === "permissions") {
      const found = permissionFinding(value, [...at, key], [...into, key]);
      if (found !== undefined) findings.push(found);
    } else if (!AGENT_CONFIG_KEYS.has(key)) {
      findings.push(
        dropped(
          [...at, key],
          `ao's agentConfig has permissions, model, autoAllow and env; \`${key}\` is not used; removed`,
        ),
      );
    }
  }
  return findings;
}

/** `worker:` is what ao's sessions are: its agent and agentConfig become the project's own. */
function workerFindings(worker: Data | undefined, at: KeyPath): OriginalKeyFinding[] {
  if (worker === undefined) return [];
  const project = at.slice(0, -1);
  const agentConfig = mapAt(worker["agentConfig"]);
  const edits = [
    ...(worker["agent"] === undefined
      ? []
      : [{ op: "move" as const, from: [...at, "agent"], to: [...project, "agent"] }]),
    ...Object.keys(agentConfig ?? {})
      .filter((key) => AGENT_CONFIG_KEYS.has(key))
      .map((key) => ({
        op: "move" as const,
        from: [...at, "agentConfig", key],
        to: [...project, "agentConfig", key],
      })),
    { op: "delete" as const, keyPath: at },
  ];
  const moved = {
    keyPath: at,
    message:
      "every ao session is a worker: ao uses worker.agent and worker.agentConfig as the project's agent and agentConfig",
    edits,
  };
  const extra = agentConfigFindings(agentConfig, [...at, "agentConfig"], [...project, "agentConfig"]);
  // The worker map is deleted whole; its extra keys only need their warning.
  return [
    moved,
    ...extra.map((finding) => ({ ...finding, edits: finding.edits.filter((edit) => edit.op === "set") })),
  ];
}

/** `package:` / `path:` name an external plugin in the original; ao writes either as `plugin:`. */
export function externalPluginFindings(ref: Data | undefined, at: KeyPath): OriginalKeyFinding[] {
  if (ref === undefined || ref["plugin"] !== undefined) return [];
  return (["package", "path"] as const)
    .filter((key) => typeof ref[key] === "string")
    .map((key) => {
      const value = ref[key] as string;
      const spec = key === "path" && !/^(\.{1,2}\/|\/|~)/.test(value) ? `./${value}` : value;
      return {
        keyPath: [...at, key],
        message: `ao names an external plugin with \`plugin:\` (npm package or ./path): ao uses plugin: ${spec}`,
        edits: [
          { op: "set", keyPath: [...at, "plugin"], value: spec },
          { op: "delete", keyPath: [...at, key] },
        ],
      };
    });
}

function sessionPrefixFinding(prefix: unknown, at: KeyPath): OriginalKeyFinding[] {
  if (typeof prefix !== "string" || SESSION_PREFIX_PATTERN.test(prefix)) return [];
  const ours = prefix
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (ours === "")
    return [
      dropped(
        at,
        "ao's session ids are lower-case letters, digits and '-': ao derives the prefix from the project id; removed",
      ),
    ];
  return [
    {
      keyPath: at,
      message: `ao's session ids are lower-case letters, digits and '-': ao uses ${ours}`,
      edits: [{ op: "set", keyPath: at, value: ours }],
    },
  ];
}

/** Sections of the original's scm map that ao reads elsewhere, by key. */
const SCM_SECTIONS: Readonly<
  Record<string, (section: Data | undefined, at: KeyPath) => OriginalKeyFinding[]>
> = {
  webhook: (section, at) => scmWebhookFindings(section, at),
};

/** Everything in one project entry that the original writes differently. */
export function projectFindings(project: Data | undefined, at: KeyPath): OriginalKeyFinding[] {
  if (project === undefined) return [];
  const scm = mapAt(project["scm"]);
  return [
    ...droppedKeys(project, at, PROJECT_DROPPED),
    ...sessionPrefixFinding(project["sessionPrefix"], [...at, "sessionPrefix"]),
    ...externalPluginFindings(mapAt(project["tracker"]), [...at, "tracker"]),
    ...externalPluginFindings(scm, [...at, "scm"]),
    ...Object.entries(SCM_SECTIONS).flatMap(([key, find]) => find(mapAt(scm?.[key]), [...at, "scm", key])),
    ...agentConfigFindings(mapAt(project["agentConfig"]), [...at, "agentConfig"], [...at, "agentConfig"]),
    ...workerFindings(mapAt(project["worker"]), [...at, "worker"]),
    ...reactionFindings(mapAt(project["reactions"]), [...at, "reactions"]),
  ];
}

/** The daemon takes webhooks itself; the original's secret variable is the one setting that carries over. */
function scmWebhookFindings(webhook: Data | undefined, at: KeyPath): OriginalKeyFinding[] {
  if (webhook === undefined) return [];
  const secret = webhook["secretEnvVar"];
  const edits = [
    ...(typeof secret === "string"
      ? [{ op: "set" as const, keyPath: ["daemon", "webhookSecretEnv"], value: secret }]
      : []),
    { op: "delete" as const, keyPath: at },
  ];
  const carried =
    typeof secret === "string" ? `; its secretEnvVar becomes daemon.webhookSecretEnv (${secret})` : "";
  return [
    {
      keyPath: at,
      message: `the daemon (ao start) takes forge webhooks at POST /webhooks/<scm> on its port, checking signatures itself${carried}`,
      edits,
    },
  ];
}
