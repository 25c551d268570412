import { readFile, readdir, readlink } from "node:fs/promises";
import { join } from "node:path";
import { redactText } from "../redact.js";

/** Who listens on a TCP port, as far as this user may see: the pid and command when the process is ours. */
export interface PortHolder {
  /** null when the socket belongs to a process this user cannot look into (another user's). */
  readonly pid: number | null;
  /** Its command line, spaces between arguments, redacted and cut at 200 characters. */
  readonly command: string | null;
}

const LISTEN = "0A";

/**
 * The process listening on `port` (any local address), read from /proc without root: the socket's
 * inode from /proc/net/tcp{,6}, then the process whose fd links to `socket:[inode]`. Undefined
 * where there is no /proc (macOS) or nothing listens. `procRoot` is for tests.
 */
export async function findPortHolder(port: number, procRoot = "/proc"): Promise<PortHolder | undefined> {
  const inode = await listeningInode(port, procRoot);
  if (inode === undefined) return undefined;
  const pid = await pidOfSocket(inode, procRoot);
  if (pid === undefined) return { pid: null, command: null };
  const raw = await readFile(join(procRoot, String(pid), "cmdline"), "utf8").catch(() => "");
  const command = redactText(raw.split("\0").filter(Boolean).join(" ")).slice(0, 200);
  return { pid, command: command === "" ? null : command };
}

async function listeningInode(port: number, procRoot: string): Promise<string | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["tcp", "tcp6"]) {
    const text = await readFile(join(procRoot, "net", table), "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state] = fields;
      if (state === LISTEN && local?.endsWith(`:${hexPort}`) === true) return fields[9];
    }
  }
  return undefined;
}

async function pidOfSocket(inode: string, procRoot: string): Promise<number | undefined> {
  const target = `socket:[${inode}]`;
  const pids = (await readdir(procRoot).catch(() => [])).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    const fdDir = join(procRoot, pid, "fd");
    const fds = await readdir(fdDir).catch(() => []);
    for (const fd of fds) {
      if ((await readlink(join(fdDir, fd)).catch(() => "")) === target) return Number(pid);
    }
  }
  return undefined;
}

/** "pid 4242 (node ao start --foreground)", or what can be told without it. */
export function describePortHolder(holder: PortHolder | undefined): string {
  if (holder === undefined) return "another process";
  if (holder.pid === null) return "a process of another user";
  return holder.command === null ? `pid ${holder.pid}` : `pid ${holder.pid} (${holder.command})`;
}
