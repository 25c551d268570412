import type { CiStatus, FailingCheck } from "../../../core/plugin-api.js";
import { gitHubApiError, statusOf } from "../../_shared/github/api-error.js";
import type { GitHubScmEnv } from "./scm-env.js";

type CheckState = "passing" | "failing" | "pending";

/** One check of a commit by name: the latest check run, else the latest commit status of that context. */
interface NamedCheck {
  readonly name: string;
  readonly state: CheckState;
  readonly url?: string | undefined;
}

const PASSED_RUN = new Set(["success", "neutral", "skipped"]);

/**
 * The CI a merge of `sha` into `base` waits for: the base branch's required status checks (branch
 * protection's `required_status_checks`, check runs and commit statuses both count, by name) — a
 * required check not reported yet is pending. A branch without required checks is gated by every
 * check of the commit, as `observe` reports CI. `required` is null then.
 */
export async function requiredCi(
  env: GitHubScmEnv,
  base: string,
  sha: string,
): Promise<CiStatus & { required: string[] | null }> {
  const required = await requiredNames(env, base);
  const checks = await checksAt(env, sha);
  const gating =
    required === null
      ? checks
      : required.map(
          (name) => checks.find((check) => check.name === name) ?? { name, state: "pending" as const },
        );
  const failing: FailingCheck[] = gating
    .filter((check) => check.state === "failing")
    .map((check) => (check.url === undefined ? { name: check.name } : { name: check.name, url: check.url }));
  const state =
    failing.length > 0
      ? "failing"
      : gating.some((check) => check.state === "pending")
        ? "pending"
        : gating.length === 0
          ? "none"
          : "passing";
  return { state, failing, required };
}

/** The names branch protection requires, or null when the branch has none (GitHub answers 404). */
async function requiredNames(env: GitHubScmEnv, base: string): Promise<string[] | null> {
  const client = await env.client();
  try {
    const { data } = await client.rest.repos.getStatusChecksProtection({
      owner: env.repo.owner,
      repo: env.repo.repo,
      branch: base,
    });
    const names = [...(data.checks ?? []).map((check) => check.context), ...(data.contexts ?? [])];
    return [...new Set(names)];
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw gitHubApiError(error, `reading the required checks of ${base}`);
  }
}

async function checksAt(env: GitHubScmEnv, sha: string): Promise<NamedCheck[]> {
  const client = await env.client();
  const where = { owner: env.repo.owner, repo: env.repo.repo, ref: sha, per_page: 100 };
  try {
    const runs = (await client.rest.checks.listForRef(where)).data.check_runs;
    const statuses = (await client.rest.repos.listCommitStatusesForRef(where)).data;
    const named = new Map<string, NamedCheck>();
    // Statuses come newest first: the first of a context is its state.
    for (const status of [...statuses].reverse())
      named.set(status.context, {
        name: status.context,
        state: status.state === "success" ? "passing" : status.state === "pending" ? "pending" : "failing",
        url: status.target_url ?? undefined,
      });
    for (const run of [...runs].sort((a, b) => a.id - b.id))
      named.set(run.name, {
        name: run.name,
        state:
          run.status !== "completed"
            ? "pending"
            : PASSED_RUN.has(run.conclusion ?? "")
              ? "passing"
              : "failing",
        url: run.html_url ?? undefined,
      });
    return [...named.values()];
  } catch (error) {
    throw gitHubApiError(error, `reading the checks of ${sha.slice(0, 12)}`);
  }
}
