import { readFileSync } from "node:fs";
import { parse, stringify } from "yaml";
import { AoError } from "../errors.js";

/** The project id (and session prefix) of the sandbox: the manifest's `config.projects` key. */
export const DEMO_PROJECT = "demo";
/** The environment variable holding the per-run secret the sandbox's notifier signs with. */
export const DEMO_SECRET_ENV = "AO_DEMO_WEBHOOK_SECRET";

/**
 * examples/demo-agent/sandbox.yaml, filled in for one run. Which plugins the sandbox uses (local
 * mode, the webhook notifier, the scripted agent through the command agent) is data there, next to
 * the demo agent, so core names none of them.
 */
export interface SandboxManifest {
  /** The sandbox's agent-orchestrator.yaml, as data. */
  readonly config: Record<string, unknown>;
  /** One line describing the sandbox's setup. */
  readonly summary: string;
  /** What the "CI running" step says runs. */
  readonly ciLabel: string;
  /** How a person removes a kept sandbox. */
  readonly removeHint: string;
}

export interface SandboxValues {
  /** An installed agent plugin's name, or the scripted demo agent run by `node`. */
  readonly agent: { plugin: string } | { demoAgentScript: string; node: string };
  /** Where the notifier posts (the demo's loopback receiver). */
  readonly notifyUrl: string;
  readonly home: string;
  readonly root: string;
}

/** Reads the manifest and fills in this run's values. */
export function readSandboxManifest(file: string, values: SandboxValues): SandboxManifest {
  const raw = parse(readFileSync(file, "utf8")) as Record<string, unknown> | null;
  const { config, summary, ciLabel, removeHint, demoAgent } = raw ?? {};
  if (
    !isMap(config) ||
    !isMap(demoAgent) ||
    typeof summary !== "string" ||
    typeof ciLabel !== "string" ||
    typeof removeHint !== "string"
  )
    throw new AoError("E_DEMO_FAILED", `${file} is not a demo sandbox manifest`, {
      hint: "it needs config, demoAgent, summary, ciLabel and removeHint (see the comment at its top)",
    });
  const text: Record<string, string> = {
    notifyUrl: values.notifyUrl,
    secretEnv: DEMO_SECRET_ENV,
    home: values.home,
    root: values.root,
    ...("plugin" in values.agent ? {} : values.agent),
  };
  const agent = "plugin" in values.agent ? values.agent.plugin : fill(demoAgent, text, {});
  const filled = fill(config, text, { agent }) as Record<string, unknown>;
  return {
    config: filled,
    summary,
    ciLabel: fill(ciLabel, text, {}) as string,
    removeHint: fill(removeHint, text, {}) as string,
  };
}

/** The configuration file's text: a header, then the manifest's `config`. */
export function sandboxConfigYaml(manifest: SandboxManifest): string {
  const header = [
    "# The sandbox of `ao demo`: local mode, no hosting service, removed when the demo ends",
    "# (unless --keep). Every key is described in docs/configuration.md.",
  ];
  return `${header.join("\n")}\n${stringify(manifest.config, { lineWidth: 0 })}`;
}

/** `{name}` as a whole value becomes `whole[name]` (any value); inside text, `text[name]`. */
function fill(value: unknown, text: Record<string, string>, whole: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const name = /^\{(\w+)\}$/.exec(value)?.[1];
    if (name !== undefined && Object.hasOwn(whole, name)) return whole[name];
    return value.replace(/\{(\w+)\}/g, (match, key: string) =>
      Object.hasOwn(text, key) ? text[key]! : match,
    );
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, text, whole));
  if (!isMap(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner, text, whole)]));
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
