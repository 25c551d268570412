import { spawn } from "node:child_process";

/**
 * Runs `argv` in a pseudo-terminal (util-linux `script`), as a person's terminal would run an
 * attach command, and resolves with its exit code. Each word is single-quoted for `script -c`,
 * so none is interpreted; TMUX is unset (the real terminal plugin unsets it too).
 */
export function runInTerminal(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number | null> {
  const command = argv.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
  const child = spawn("script", ["-q", "-f", "-e", "-c", command, "/dev/null"], {
    env: { ...env, TMUX: undefined, TMUX_PANE: undefined, TERM: "xterm-256color" },
    stdio: ["pipe", "ignore", "ignore"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
}
