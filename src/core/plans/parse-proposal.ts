import { formatKeyPath, type ConfigProblem } from "../config/config-issues.js";
import { parseConfigYaml, positionProblems } from "../config/config-document.js";
import { zodProblems } from "../zod-problems.js";
import { AoError, isAoError } from "../errors.js";
import { proposalSchema, type Proposal } from "./types.js";

/** One problem of a proposal: its key path as written (`tickets[1].dependsOn`), and where in the file. */
export interface ProposalIssue {
  readonly path: string;
  readonly keyPath: (string | number)[];
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

type ZodIssue = Parameters<typeof zodProblems>[0][number];

/** zod's wording (did-you-mean, expected types), but our own message for a missing synthesis. */
function problemsOf(issues: readonly ZodIssue[], data: unknown): ConfigProblem[] {
  return issues.flatMap((issue) =>
    issue.code === "invalid_type" && issue.path.length === 1 && issue.path[0] === "synthesis"
      ? [{ keyPath: ["synthesis"], message: issue.message }]
      : zodProblems([issue], data, proposalSchema),
  );
}

function invalidPlan(issues: readonly ProposalIssue[], where: string): AoError {
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  const lines = issues.map((issue) => {
    const at = issue.line === undefined ? where : `${where}:${issue.line}:${issue.column}`;
    return `  ${at}${issue.path === "" ? "" : ` ${issue.path}`}: ${issue.message}`;
  });
  return new AoError("E_PLAN_INVALID", [`invalid plan (${count}):`, ...lines].join("\n"), {
    hint: "fix the keys listed above; docs/plans.md describes every key (schema/plan-proposal.schema.json)",
    details: { source: where, issues },
  });
}

/** Validates a proposal that came as data (the control plane); problems name their key paths. */
export function parseProposal(data: unknown, where = "proposal"): Proposal {
  const parsed = proposalSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = problemsOf(parsed.error.issues, data).map((problem) => ({
    path: formatKeyPath(problem.keyPath),
    keyPath: [...problem.keyPath],
    message: problem.message,
  }));
  throw invalidPlan(issues, where);
}

/** Validates a plan file's text (YAML, or JSON, which is YAML): problems carry line and column. */
export function parseProposalText(text: string, file: string, cwd: string): Proposal {
  let yaml;
  try {
    yaml = parseConfigYaml(text, file, cwd);
  } catch (error) {
    if (!isAoError(error)) throw error;
    const issues = (error.details?.["issues"] ?? []) as ProposalIssue[];
    throw invalidPlan(issues, file);
  }
  const data: unknown = yaml.yaml.toJS({ maxAliasCount: 100 });
  const parsed = proposalSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = positionProblems(yaml, problemsOf(parsed.error.issues, data)).map((issue) => ({
    path: issue.path,
    keyPath: issue.keyPath,
    message: issue.message,
    line: issue.line,
    column: issue.column,
  }));
  throw invalidPlan(issues, file);
}
