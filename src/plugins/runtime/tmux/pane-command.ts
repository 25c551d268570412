import { AoError } from "../../../core/plugin-api.js";

/**
 * The pane's command line, as separate arguments. tmux runs a single argument through
 * `sh -c` (a path with spaces would break) but execs several arguments directly, so the agent is
 * always wrapped in `/bin/sh -c '<fixed script>' ao-runtime …`: the script never contains the
 * agent's argv, which reaches `exec "$@"` as positional parameters, uninterpreted. The shell
 * replaces itself with the agent, so the pane's exit status is the agent's own. `rm` by its path:
 * the agent's PATH is the session's, and a PATH without coreutils must still reach the agent (whose
 * own "not found" is the error worth showing).
 */
const EXEC_ONLY = 'exec "$@"';
const SOURCE_THEN_EXEC = 'set -e; . "$1"; /bin/rm -f -- "$1"; shift; exec "$@"';

export function paneCommand(argv: readonly string[], envFile: string | undefined): string[] {
  if (argv.length === 0 || argv[0] === "") {
    throw new AoError("E_USAGE", "the runtime was given an empty command", {
      hint: "the agent plugin must return at least the program to run",
    });
  }
  return envFile === undefined
    ? ["/bin/sh", "-c", EXEC_ONLY, "ao-runtime", ...argv]
    : ["/bin/sh", "-c", SOURCE_THEN_EXEC, "ao-runtime", envFile, ...argv];
}
