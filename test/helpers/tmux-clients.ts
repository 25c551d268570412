import { execFileSync } from "node:child_process";

/** `tmux -C` clients on a socket, from ps: a viewer that left must leave none behind. */
export function controlClients(socket: string): string[] {
  const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
  return ps.split("\n").filter((line) => line.includes(socket) && line.includes(" -C "));
}
