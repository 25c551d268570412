import { stringify } from "yaml";
import type { PluginConfig } from "../config/types.js";
import { installCommandFor } from "../registry/plugin-capabilities.js";
import type { NotifierFacts } from "./check-notifiers.js";
import type { AgentFacts, ProjectDraft } from "./draft-project.js";
import type { ForgeChoice, ForgeChoices } from "./propose-plugins.js";

export interface RenderInput {
  readonly project: ProjectDraft;
  /** The catalog's default notifiers by whether they can deliver here; see check-notifiers.ts. */
  readonly notifiers?: NotifierFacts | undefined;
  readonly forges: ForgeChoices;
  readonly agents: AgentFacts;
  readonly schemaPath: string;
  /** Where the detected install command came from, for its comment (e.g. `package-lock.json`). */
  readonly toolchainEvidence: string | undefined;
  /** The origin's host when no plugin claimed it (gitlab.com, …), for the comment on `repo`. */
  readonly originHost: string | undefined;
  /** `process.platform`: install commands differ. */
  readonly platform: string;
}

/** One YAML scalar, quoted only when YAML needs it (`"on"`, `"1.0"`, `"a: b"`). */
function scalar(value: string): string {
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

/**
 * The commented agent-orchestrator.yaml `ao init` writes. Text, not a serialised object, because
 * the comments are the point: they explain each value and show the options a person may want next.
 */
export function renderConfig(input: RenderInput): string {
  const { project } = input;
  return [
    `# yaml-language-server: $schema=${input.schemaPath}`,
    "#",
    "# agent-orchestrator.yaml, written by `ao init`. Check it with `ao config validate` and the",
    '# machine with `ao doctor`; then start a session with `ao spawn <project> "<task>"`.',
    "",
    "projects:",
    `  ${scalar(project.id)}:`,
    "    # The checkout sessions branch from, relative to this file.",
    "    path: .",
    ...repoLines(project, input.originHost),
    "    # New branches start from here and pull requests target it.",
    `    defaultBranch: ${scalar(project.defaultBranch)}`,
    ...agentLines(project, input.agents, input.platform),
    ...forgeLines("tracker", "Where issues come from", project.tracker, input.forges.tracker),
    ...forgeLines("scm", "Where branches are pushed and pull requests opened", project.scm, input.forges.scm),
    ...postCreateLines(project, input.toolchainEvidence),
    "    # Agents ask before risky actions. Uncomment to run them with their permission-bypass",
    "    # flags (`ao doctor` warns about it): only in a sandbox you are willing to lose.",
    "    # agentConfig:",
    "    #   permissions: permissionless",
    ...notifierLines(input.notifiers),
    "",
  ].join("\n");
}

/** Only when a default notifier cannot deliver here: the defaults without it, and why. */
function notifierLines(notifiers: NotifierFacts | undefined): string[] {
  if (notifiers === undefined || notifiers.unusable.length === 0) return [];
  const why = notifiers.unusable.flatMap(({ name, detail, fix }) => [
    `# Not the default notifier here: ${name} (${detail}).`,
    ...(fix === undefined ? [] : [`# To use it: ${fix}.`]),
  ]);
  return [
    "",
    ...why,
    "# Until a notifier that can deliver here is configured (notifiers:), `ao events` shows what was not sent.",
    "defaults:",
    `  notifiers: [${notifiers.usable.join(", ")}]`,
  ];
}

function repoLines(project: ProjectDraft, origin: string | undefined): string[] {
  if (project.repo !== undefined) {
    return [
      "    # The hosted repository (owner/name) issues and pull requests belong to.",
      `    repo: ${scalar(project.repo)}`,
    ];
  }
  const why =
    origin === undefined
      ? "no hosted origin was found"
      : `origin is ${origin}, which no tracker or scm plugin serves`;
  return [`    # repo: owner/name   (${why}; set it if the project moves to a host one does)`];
}

function agentLines(project: ProjectDraft, agents: AgentFacts, platform: string): string[] {
  const names = agents.programs.map((entry) => entry.plugin).join(", ");
  const lines = [`    # The coding agent each session runs: ${names}.`];
  const program = agents.programs.find((entry) => entry.plugin === project.agent)?.program;
  if (!project.agentInstalled && program) {
    const install = installCommandFor(program.install, platform);
    lines.push(`    # \`${program.binary}\` was not found on PATH: install it with \`${install}\`.`);
  }
  lines.push(`    agent: ${scalar(project.agent)}`);
  return lines;
}

/** `tracker:` / `scm:` with the chosen plugin, the options it proposed, its comments and example. */
function forgeLines(
  key: string,
  what: string,
  config: PluginConfig | undefined,
  choice: ForgeChoice | undefined,
): string[] {
  if (config === undefined || choice === undefined) return [];
  const others = choice.alternatives.filter((name) => name !== config.plugin);
  const alternatives = others.length > 0 ? ` (the other choices: ${others.join(", ")})` : "";
  const { plugin, ...options } = config;
  const written = Object.keys(options).length === 0 ? "" : stringify(options, { lineWidth: 0 }).trimEnd();
  return [
    `    # ${what}: ${plugin}${alternatives}.`,
    `    ${key}:`,
    `      plugin: ${scalar(plugin)}`,
    ...(choice.proposal.comment ?? []).map((line) => `      # ${line}`),
    ...(written === "" ? [] : written.split("\n").map((line) => `      ${line}`)),
    ...(choice.proposal.example ?? []).map((line) => `      # ${line}`),
  ];
}

function postCreateLines(project: ProjectDraft, evidence: string | undefined): string[] {
  const suggestion = project.postCreate;
  if (suggestion === undefined) {
    return [
      "    # Commands run in each new worktree before the agent starts, e.g.:",
      "    # postCreate:",
      "    #   - make setup",
    ];
  }
  const source = evidence === undefined ? "" : ` (detected from ${evidence})`;
  const head = `    # Commands run in each new worktree before the agent starts${source}.`;
  const item = `- ${scalar(suggestion.command)}`;
  return suggestion.active
    ? [head, "    postCreate:", `      ${item}`]
    : [head, "    # Uncomment when it suits this repository:", "    # postCreate:", `    #   ${item}`];
}
