import type { InitProposal, InitRepository } from "../../../core/plugin-api.js";

/**
 * scm/local's init capability: it works for any repository (local mode has no forge to run CI), so
 * it is the fallback, with the project's detected test command as its CI, or an example to
 * uncomment when none was detected.
 */
export function proposeLocalScm(repository: InitRepository): InitProposal {
  const head = "Local CI: commands run (without a shell) in the session's worktree for every new";
  if (repository.test === undefined)
    return {
      fit: "fallback",
      options: {},
      comment: [head, "commit; no test command was detected. For example:"],
      example: ["ci:", "  - make test"],
    };
  const { command, evidence, unready } = repository.test;
  if (unready !== undefined)
    return {
      fit: "fallback",
      options: {},
      comment: [head, `commit. \`${command}\` was detected (${evidence}) but is not enabled:`, `${unready}.`],
      example: ["ci:", `  - ${command}`],
    };
  return {
    fit: "fallback",
    options: { ci: [command] },
    comment: [head, `commit; \`ao ci <session>\` shows the runs (detected from ${evidence}).`],
  };
}
