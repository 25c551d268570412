import { stringify } from "yaml";

/** The project id, session prefix and notifier name the sandbox configuration uses. */
export const DEMO_PROJECT = "demo";
export const DEMO_NOTIFIER = "demo-webhook";
/** The environment variable holding the per-run secret the webhook notifier signs with. */
export const DEMO_SECRET_ENV = "AO_DEMO_WEBHOOK_SECRET";
/** The project's CI: what the demo's failing test is caught by. */
export const DEMO_CI_COMMAND = "node --test";

export interface SandboxConfigInput {
  /** The repository, relative to the configuration file. */
  repoPath: string;
  /** An installed agent plugin's name, or the scripted demo agent. */
  agent: { plugin: string } | { demoAgent: string; node: string };
  /** Where the webhook notifier posts (the demo's loopback receiver). */
  notifyUrl: string;
}

/**
 * agent-orchestrator.yaml of a sandbox: local mode (tracker and scm local, CI `node --test`), the
 * lifecycle polling every second, and every notification going to the demo's own loopback webhook
 * receiver, so what the demo prints about a notification is what the receiver really got.
 */
export function sandboxConfigYaml(input: SandboxConfigInput): string {
  const config = {
    port: 0,
    defaults: { notifiers: [DEMO_NOTIFIER] },
    notifiers: {
      [DEMO_NOTIFIER]: { plugin: "webhook", url: input.notifyUrl, secretEnv: DEMO_SECRET_ENV, retries: 0 },
    },
    daemon: { pollInterval: "1s" },
    projects: {
      [DEMO_PROJECT]: {
        path: input.repoPath,
        defaultBranch: "main",
        sessionPrefix: DEMO_PROJECT,
        tracker: "local",
        scm: { plugin: "local", ci: [DEMO_CI_COMMAND] },
        agent: "plugin" in input.agent ? input.agent.plugin : demoAgentConfig(input.agent),
      },
    },
  };
  const header = [
    "# The sandbox of `ao demo`: local mode, no hosting service, removed when the demo ends",
    "# (unless --keep). Every key is described in docs/configuration.md.",
  ];
  return `${header.join("\n")}\n${stringify(config, { lineWidth: 0 })}`;
}

/**
 * The scripted demo agent through the `command` agent: started with the prompt file, idle when its
 * prompt line is the last thing on screen, working while its last line is an action ("· …").
 */
function demoAgentConfig(agent: { demoAgent: string; node: string }): Record<string, unknown> {
  return {
    plugin: "command",
    argv: [agent.node, agent.demoAgent, "--prompt-file", "{promptFile}"],
    idlePattern: "^demo-agent>\\s*(?![\\s\\S])",
    workingPattern: "^· [^\\n]*(?![\\s\\S])",
  };
}
