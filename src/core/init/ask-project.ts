import type { AoContext, Ask } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import type { RepoDetection } from "./detect-repository.js";
import { isAgentInstalled, type AgentFacts, type ProjectDraft } from "./draft-project.js";
import { PROJECT_ID_PATTERN } from "./slugify.js";

const MAX_ATTEMPTS = 3;

/** Lets a person at a terminal change the project id, default branch and agent; detected values are the defaults. */
export async function askProject(
  ctx: Pick<AoContext, "exec" | "stderr" | "catalog">,
  ask: Ask,
  detection: RepoDetection,
  draft: ProjectDraft,
  facts: AgentFacts,
): Promise<ProjectDraft> {
  const agents = [
    ...new Set([...facts.programs.map((entry) => entry.plugin), ...Object.keys(ctx.catalog.agent)]),
  ];
  const id = await askValid(ctx, ask, "project id", draft.id, (value) =>
    PROJECT_ID_PATTERN.test(value) ? undefined : "use lower-case letters, digits and dashes (e.g. my-app)",
  );
  const defaultBranch = await askValid(ctx, ask, "default branch", draft.defaultBranch, async (value) =>
    !value.startsWith("-") && (await isValidBranchName(ctx, detection.root, value))
      ? undefined
      : `${value} is not a valid branch name`,
  );
  const agent = await askValid(ctx, ask, `agent (${agents.join(", ")})`, draft.agent, (value) =>
    agents.includes(value) ? undefined : `choose one of: ${agents.join(", ")}`,
  );
  return { ...draft, id, defaultBranch, agent, agentInstalled: isAgentInstalled(detection, facts, agent) };
}

type Validate = (value: string) => string | undefined | Promise<string | undefined>;

async function askValid(
  ctx: Pick<AoContext, "stderr">,
  ask: Ask,
  question: string,
  defaultValue: string,
  validate: Validate,
): Promise<string> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const answer = (await ask(question, defaultValue)).trim() || defaultValue;
    const problem = await validate(answer);
    if (problem === undefined) return answer;
    ctx.stderr.write(`${problem}\n`);
  }
  const what = question.replace(/ \(.*\)$/, ""); // "agent (claude-code, …)" → "agent"
  throw new AoError("E_USAGE", `no valid ${what} after ${MAX_ATTEMPTS} attempts`, {
    hint: "run `ao init --auto` to accept the detected values, then edit agent-orchestrator.yaml",
  });
}

async function isValidBranchName(ctx: Pick<AoContext, "exec">, root: string, name: string): Promise<boolean> {
  const result = await git(ctx, root, ["check-ref-format", "--branch", name], { reject: false });
  return !result.failed;
}
