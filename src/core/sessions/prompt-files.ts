import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AoPaths } from "../paths.js";
import type { ProjectConfig } from "../config/index.js";
import { AoError, messageOf } from "../errors.js";
import { baseRules } from "./base-rules.js";

/**
 * The files a session's agent reads, under AO_HOME/prompts/<session>/:
 * - `task.md`: the task exactly as given (issue text or free text), saved when the spawn starts so an
 *   interrupted spawn can be finished without asking the tracker or the person again;
 * - `rules.md`: ao's base rules and the project's agentRules / agentRulesFile;
 * - `prompt.md`: rules then task, the one file handed to the agent.
 * Untrusted text only ever lands in these files, never on a command line.
 */
export function promptDir(paths: Pick<AoPaths, "prompts">, sessionId: string): string {
  return join(paths.prompts, sessionId);
}

/** The one file handed to the agent. */
export function promptFilePath(paths: Pick<AoPaths, "prompts">, sessionId: string): string {
  return join(promptDir(paths, sessionId), "prompt.md");
}

export function writeTaskFile(paths: Pick<AoPaths, "prompts">, sessionId: string, text: string): string {
  const dir = promptDir(paths, sessionId);
  // 0700: a task can quote a private repository's issues.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, "task.md");
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/** The saved task, or undefined when the spawn was interrupted before it was written. */
export function readTaskFile(paths: Pick<AoPaths, "prompts">, sessionId: string): string | undefined {
  try {
    return readFileSync(join(promptDir(paths, sessionId), "task.md"), "utf8");
  } catch {
    return undefined;
  }
}

export interface PromptInput {
  sessionId: string;
  project: ProjectConfig;
  branch: string;
  worktree: string;
  task: string;
  /** The scm's publishing step of the base rules (OpenProject.publishRules). */
  publish?: string | undefined;
}

/** Writes rules.md and prompt.md beside task.md; returns the path of prompt.md. */
export function writePromptFiles(paths: Pick<AoPaths, "prompts">, input: PromptInput): string {
  const dir = promptDir(paths, input.sessionId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const rules = [
    baseRules({
      sessionId: input.sessionId,
      projectId: input.project.id,
      branch: input.branch,
      defaultBranch: input.project.defaultBranch,
      worktree: input.worktree,
      publish: input.publish,
    }),
    ...projectRules(input.project),
  ].join("\n");
  writeFileSync(join(dir, "rules.md"), rules, { mode: 0o600 });
  const prompt = promptFilePath(paths, input.sessionId);
  writeFileSync(prompt, `${rules}\n# Your task\n\n${input.task}`, { mode: 0o600 });
  return prompt;
}

export function removePromptFiles(paths: Pick<AoPaths, "prompts">, sessionId: string): void {
  rmSync(promptDir(paths, sessionId), { recursive: true, force: true });
}

function projectRules(project: ProjectConfig): string[] {
  const parts: string[] = [];
  if (project.agentRules !== undefined && project.agentRules.trim() !== "")
    parts.push(project.agentRules.trim());
  if (project.agentRulesFile !== undefined) parts.push(readRulesFile(project.agentRulesFile).trim());
  return parts.length === 0 ? [] : [`# Rules of the project ${project.id}\n\n${parts.join("\n\n")}\n`];
}

function readRulesFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new AoError("E_CONFIG_INVALID", `cannot read agentRulesFile ${file}: ${messageOf(error)}`, {
      hint: "fix the path in agent-orchestrator.yaml (relative paths resolve against the project path)",
      details: { file },
    });
  }
}
