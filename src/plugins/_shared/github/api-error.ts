import { AoError } from "../../../core/plugin-api.js";
import { GITHUB_ERRORS } from "./error-codes.js";

/** The HTTP status of an Octokit RequestError, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  const status = error.status;
  return typeof status === "number" ? status : undefined;
}

/**
 * An Octokit failure as an AoError that says what ao was doing. Only the status and GitHub's
 * message are kept: the request (with its Authorization header) never goes into details.
 */
export function gitHubApiError(error: unknown, doing: string): AoError {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message.split(" - ")[0] : String(error);
  const hint =
    status === 401
      ? "the GitHub token was refused: check GITHUB_TOKEN / GH_TOKEN or run gh auth login"
      : status === 403 || status === 404
        ? "check that the token can see the repository (repo scope) and that the repo name is right"
        : "GitHub may be having trouble; ao retries on the next poll";
  return new AoError(
    GITHUB_ERRORS.E_GITHUB_API,
    `github: ${doing} failed${status === undefined ? "" : ` (${String(status)})`}: ${message ?? ""}`,
    {
      hint,
      cause: error,
      details: status === undefined ? undefined : { status },
    },
  );
}
