import type { Exec } from "../../../core/plugin-api.js";

/**
 * opencode keeps sessions in its own database; `opencode session list --format json`, run in the
 * worktree, is its public way to read them: `[{ id, directory, created, updated, … }]`.
 */
export async function findOpencodeSessionId(
  exec: Exec,
  command: string,
  worktree: string,
): Promise<string | undefined> {
  const result = await exec(command, ["session", "list", "--format", "json"], {
    cwd: worktree,
    timeoutMs: 20_000,
    reject: false,
  });
  if (result.failed) return undefined;
  return newestSessionIn(result.stdout, worktree);
}

interface ListedSession {
  id?: unknown;
  directory?: unknown;
  created?: unknown;
}

/** The newest session started in `worktree`, from the JSON that `session list` prints. */
export function newestSessionIn(json: string, worktree: string): string | undefined {
  let sessions: unknown;
  try {
    sessions = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(sessions)) return undefined;
  let best: { id: string; created: number } | undefined;
  for (const session of sessions as ListedSession[]) {
    if (typeof session.id !== "string" || session.directory !== worktree) continue;
    const created = typeof session.created === "number" ? session.created : 0;
    if (best === undefined || created > best.created) best = { id: session.id, created };
  }
  return best?.id;
}
