import type { Exec } from "../exec.js";

/** One line of `ps`: a process, its parent and its resident memory in KiB. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  rssKiB: number;
}

/** `ps -e -o pid=,ppid=,rss=` (Linux and macOS alike) as rows; lines that do not parse are skipped. */
export function parsePsTable(text: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const line of text.split("\n")) {
    const [pid, ppid, rss] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid) && Number.isFinite(rss))
      rows.push({ pid: pid!, ppid: ppid!, rssKiB: rss! });
  }
  return rows;
}

/**
 * Pure: bytes of resident memory of each root's process tree (the root and every descendant), for
 * the roots present in `rows`. An agent is rarely one process: Claude Code runs node, its MCP
 * servers and its shells, so the tree is what it takes.
 */
export function treeMemory(rows: readonly ProcessRow[], roots: readonly number[]): Map<number, number> {
  const children = new Map<number, ProcessRow[]>();
  const byPid = new Map(rows.map((row) => [row.pid, row]));
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const sums = new Map<number, number>();
  for (const root of roots) {
    const first = byPid.get(root);
    if (first === undefined) continue;
    let kib = 0;
    const seen = new Set<number>();
    for (const stack = [first]; stack.length > 0;) {
      const row = stack.pop()!;
      if (seen.has(row.pid)) continue;
      seen.add(row.pid);
      kib += row.rssKiB;
      stack.push(...(children.get(row.pid) ?? []));
    }
    sums.set(root, kib * 1024);
  }
  return sums;
}

/** One `ps` for all roots at once; an empty map when ps is missing or fails (memory stays unknown). */
export async function measureTrees(exec: Exec, roots: readonly number[]): Promise<Map<number, number>> {
  if (roots.length === 0) return new Map();
  const result = await exec("ps", ["-e", "-o", "pid=,ppid=,rss="], { reject: false }).catch(() => undefined);
  if (result === undefined || result.failed) return new Map();
  return treeMemory(parsePsTable(result.stdout), roots);
}
