import { PRIORITIES } from "../reaction-names.js";
import { dropped, droppedKeys, mapAt, type Data, type OriginalKeyFinding } from "./finding.js";
import { pluginListFindings } from "./plugin-list.js";
import { externalPluginFindings, projectFindings } from "./project-keys.js";
import { reactionFindings } from "./reaction-keys.js";

export type { OriginalKeyFinding } from "./finding.js";

/** Top-level keys of the original that ao has no use for, and what ao does instead. */
const TOP_DROPPED: Readonly<Record<string, string>> = {
  terminalPort:
    "ao runs no separate terminal server: the dashboard's terminals go through the daemon's own port (port); removed",
  directTerminalPort:
    "ao runs no separate terminal server: the dashboard's terminals go through the daemon's own port (port); removed",
  readyThresholdMs:
    "ao tells a working agent from an idle one by the agent's own signals (hooks, transcripts), not a timer; reactions.agent-stuck.threshold is ao's inactivity timer; removed",
};

const ORIGINAL_SCHEMA = /ComposioHQ\/agent-orchestrator\/.*config\.schema\.json/;

function schemaFinding(value: unknown): OriginalKeyFinding[] {
  if (typeof value !== "string" || !ORIGINAL_SCHEMA.test(value)) return [];
  return [
    dropped(
      ["$schema"],
      "points editors at the original ao's schema, which rejects ao's own keys; `ao config schema > ao.schema.json` writes ao's to point $schema at; removed",
    ),
  ];
}

function dashboardFindings(dashboard: Data | undefined): OriginalKeyFinding[] {
  if (dashboard?.["attentionZones"] === undefined) return [];
  return [
    {
      keyPath: ["dashboard", "attentionZones"],
      message:
        "ao's dashboard has one layout, sessions grouped by what needs a person (ao dashboard); removed",
      edits: [
        {
          op: "delete",
          keyPath: Object.keys(dashboard).length === 1 ? ["dashboard"] : ["dashboard", "attentionZones"],
        },
      ],
    },
  ];
}

/** `defaults.worker.agent` is the agent of every ao session; `defaults.orchestrator` has no match. */
function roleDefaultFindings(defaults: Data | undefined): OriginalKeyFinding[] {
  const findings: OriginalKeyFinding[] = [];
  if (defaults?.["orchestrator"] !== undefined)
    findings.push(
      dropped(
        ["defaults", "orchestrator"],
        "ao starts no orchestrator agent of its own: a commander agent drives workers over MCP (controlPlane, docs/control-plane.md); removed",
      ),
    );
  const worker = mapAt(defaults?.["worker"]);
  if (worker !== undefined) {
    const agent = worker["agent"];
    findings.push({
      keyPath: ["defaults", "worker"],
      message:
        typeof agent === "string"
          ? `every ao session is a worker: ao uses defaults.agent: ${agent}`
          : "every ao session is a worker: defaults.agent is their agent; removed",
      edits: [
        ...(typeof agent === "string"
          ? [{ op: "set" as const, keyPath: ["defaults", "agent"], value: agent }]
          : []),
        { op: "delete", keyPath: ["defaults", "worker"] },
      ],
    });
  }
  return findings;
}

const OUR_PRIORITIES = new Set<string>(PRIORITIES);

function routingFindings(routing: Data | undefined): OriginalKeyFinding[] {
  return Object.keys(routing ?? {})
    .filter((priority) => !OUR_PRIORITIES.has(priority))
    .map((priority) =>
      dropped(
        ["notificationRouting", priority],
        `ao's notifications have four priorities (${PRIORITIES.join(", ")}); no notification is sent at ${priority}; removed`,
      ),
    );
}

/**
 * Every key of a configuration written for the original ao (its published schema) that ao writes
 * differently: one finding each, with the warning and the edits. Keys ao shares (port, projects'
 * repo/path/defaultBranch, reactions, notifiers…) and the keys ao built with the original's
 * meaning (power, lifecycle, $schema) produce none.
 */
export function findOriginalKeys(data: unknown): OriginalKeyFinding[] {
  const root = mapAt(data);
  if (root === undefined) return [];
  const projects = Object.entries(mapAt(root["projects"]) ?? {});
  const notifiers = Object.entries(mapAt(root["notifiers"]) ?? {});
  return [
    ...schemaFinding(root["$schema"]),
    ...droppedKeys(root, [], TOP_DROPPED),
    ...dashboardFindings(mapAt(root["dashboard"])),
    ...roleDefaultFindings(mapAt(root["defaults"])),
    ...pluginListFindings(root),
    ...projects.flatMap(([id, project]) => projectFindings(mapAt(project), ["projects", id])),
    ...notifiers.flatMap(([id, notifier]) => externalPluginFindings(mapAt(notifier), ["notifiers", id])),
    ...routingFindings(mapAt(root["notificationRouting"])),
    ...reactionFindings(mapAt(root["reactions"]), ["reactions"]),
  ];
}
