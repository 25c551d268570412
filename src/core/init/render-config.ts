import { stringify } from "yaml";
import { AGENT_CLIS, agentCliForPlugin } from "./agent-clis.js";
import type { PluginChoice, ProjectDraft } from "./draft-project.js";

export interface RenderInput {
  readonly project: ProjectDraft;
  readonly schemaPath: string;
  /** Where the detected install command came from, for its comment (e.g. `package-lock.json`). */
  readonly toolchainEvidence: string | undefined;
  /** The origin's host when it is not GitHub (gitlab.com, …), for the comment on `repo`. */
  readonly originHost: string | undefined;
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
    ...agentLines(project),
    ...pluginLines("tracker", trackerComment(project.tracker), project.tracker),
    ...pluginLines("scm", scmComment(project.scm), project.scm),
    ...localCiLines(project.scm, input.toolchainEvidence),
    ...postCreateLines(project, input.toolchainEvidence),
    "    # Agents ask before risky actions. Uncomment to run them with their permission-bypass",
    "    # flags (`ao doctor` warns about it): only in a sandbox you are willing to lose.",
    "    # agentConfig:",
    "    #   permissions: permissionless",
    "",
  ].join("\n");
}

function repoLines(project: ProjectDraft, origin: string | undefined): string[] {
  if (project.repo !== undefined) {
    return [
      "    # The GitHub repository (owner/name) issues and pull requests belong to.",
      `    repo: ${scalar(project.repo)}`,
    ];
  }
  const why = origin === undefined ? "no GitHub origin was found" : `origin is ${origin}, not GitHub`;
  return [`    # repo: owner/name   (${why}; set it if the project moves to GitHub)`];
}

function agentLines(project: ProjectDraft): string[] {
  const names = AGENT_CLIS.map((cli) => cli.plugin).join(", ");
  const lines = [`    # The coding agent each session runs: ${names}.`];
  const cli = agentCliForPlugin(project.agent);
  if (!project.agentInstalled && cli) {
    lines.push(`    # \`${cli.binary}\` was not found on PATH: install it with \`${cli.install}\`.`);
  }
  lines.push(`    agent: ${scalar(project.agent)}`);
  return lines;
}

function pluginLines(key: string, comment: string, choice: PluginChoice): string[] {
  const lines = [`    # ${comment}`, `    ${key}:`, `      plugin: ${scalar(choice.plugin)}`];
  if (choice.apiUrl !== undefined) lines.push(`      apiUrl: ${scalar(choice.apiUrl)}`);
  return lines;
}

function trackerComment(choice: PluginChoice): string {
  return choice.plugin === "local"
    ? "Where issues come from: github, linear or local (Markdown files in .ao/issues, `ao issue new`)."
    : "Where issues come from: github, linear or local (issue files).";
}

function scmComment(choice: PluginChoice): string {
  return choice.plugin === "local"
    ? "Where pull requests live: github, or local (ao keeps them; `ao review` and `ao merge` them)."
    : "Where branches are pushed and pull requests opened: github or local.";
}

/** scm/local's CI: the detected test command, or a commented example when none was found. */
function localCiLines(choice: PluginChoice, evidence: string | undefined): string[] {
  if (choice.plugin !== "local") return [];
  const ci = choice.ci ?? [];
  if (ci.length === 0) {
    return [
      "      # Local CI: commands run (without a shell) in the session's worktree for every new",
      "      # commit; no test command was detected. For example:",
      "      # ci:",
      "      #   - make test",
    ];
  }
  const source = evidence === undefined ? "" : ` (detected from ${evidence})`;
  return [
    "      # Local CI: commands run (without a shell) in the session's worktree for every new",
    `      # commit; \`ao ci <session>\` shows the runs${source}.`,
    "      ci:",
    ...ci.map((command) => `        - ${scalar(command)}`),
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
