/**
 * The fixed shell scripts a session's pod runs. None is ever built from data: every variable part
 * (the agent's argv, paths, the branch) reaches them as positional parameters, so nothing is
 * interpreted, and no secret is among them (the environment comes from the Secret, envFrom).
 */

/** The tmux server's socket, on the pod's own `ao-run` emptyDir. */
export const RUN_DIR = "/var/run/ao";
export const TMUX_SOCKET = `${RUN_DIR}/tmux.sock`;
export const TMUX_SESSION = "ao";
/** Written by ao (through exec into the init container) once the workspace and files are in place. */
export const SEEDED_MARKER = `${RUN_DIR}/seeded`;

/**
 * The pane: runs the agent as a child, keeps its exit code in a server option, and tells the
 * container's first process it ended. `trap : INT` lets Ctrl-C reach the agent (a handler, unlike
 * an ignored signal, is reset by exec) without killing this shell before it can report.
 * Arguments: socket argv…
 */
const PANE = [
  "trap : INT",
  "socket=$1; shift",
  '"$@"',
  "code=$?",
  'tmux -S "$socket" set-option -g @ao-exit "$code" \\; wait-for -S ao-exit',
  'exit "$code"',
].join("\n");

/**
 * The agent container's first process: tmux with the agent's pane (remain-on-exit, so its screen
 * outlives it), then waits for the pane to report; prints the pane's last screen to the container
 * log (what `capture` reads once the pod ended), and exits with the agent's own code. So the
 * container lives exactly as long as the agent: the pod's status alone says whether it runs.
 * Arguments: socket width height history argv…
 */
export const AGENT_ENTRYPOINT = [
  "set -u",
  "socket=$1 width=$2 height=$3 history=$4; shift 4",
  // tmux ends a command at any argument ending in ";": such an argument goes as "\\;" (tmux-client.ts).
  'for arg do shift; case $arg in *";") arg="${arg%;}\\;" ;; esac; set -- "$@" "$arg"; done',
  `tmux -u -S "$socket" -f /dev/null set-option -g remain-on-exit on \\; set-option -g history-limit "$history" \\; new-session -d -s ${TMUX_SESSION} -x "$width" -y "$height" -- /bin/sh -c '${PANE}' ao-pane "$socket" "$@" || exit 125`,
  'tmux -S "$socket" wait-for ao-exit',
  'code=$(tmux -S "$socket" show-options -gv @ao-exit 2>/dev/null)',
  `tmux -u -S "$socket" capture-pane -p -J -S -"$history" -t ${TMUX_SESSION}:0.0`,
  'tmux -S "$socket" kill-server 2>/dev/null',
  'exit "${code:-255}"',
].join("\n");

/**
 * The init container: with a repository, clones it and checks out the exact base commit on the
 * session's branch (a claim that already holds the checkout keeps it); then waits until ao has put
 * the workspace and the agent's files in place (the marker).
 * Arguments: marker workdir [url commit branch].
 */
export const WORKSPACE_INIT = [
  "set -eu",
  "marker=$1 workdir=$2",
  'if [ $# -ge 5 ] && [ ! -e "$workdir/.git" ]; then',
  '  git clone --quiet --no-checkout -- "$3" "$workdir"',
  '  git -C "$workdir" checkout --quiet -B "$5" "$4"',
  "fi",
  'until [ -e "$marker" ]; do sleep 0.2; done',
].join("\n");

/**
 * Run through exec in the init container: the bundle ao wrote becomes the checkout on the
 * session's branch (or is fetched into a checkout a claim kept), with origin's branches, so the
 * base branch is known there. Arguments: bundle workdir branch.
 */
export const SEED_FROM_BUNDLE = [
  "set -eu",
  "bundle=$1 workdir=$2 branch=$3",
  'if [ ! -e "$workdir/.git" ]; then git init --quiet "$workdir"; fi',
  'git -C "$workdir" fetch --quiet --update-head-ok "$bundle" "+refs/heads/*:refs/heads/*" "+refs/remotes/origin/*:refs/remotes/origin/*"',
  'git -C "$workdir" checkout --quiet "$branch"',
  'rm -f -- "$bundle"',
].join("\n");
