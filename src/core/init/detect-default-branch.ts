import type { AoContext } from "../context.js";
import { git } from "../git.js";

export type BranchSource = "origin-head" | "remote" | "current-branch" | "init-default" | "fallback";

export interface DefaultBranch {
  readonly name: string;
  /** Which probe answered, so the summary can say how sure it is. */
  readonly source: BranchSource;
}

/** A remote that does not answer in this time is treated as offline. */
const LS_REMOTE_TIMEOUT_MS = 10_000;

type Probe = () => Promise<string | undefined>;

/**
 * The branch sessions start from: origin's HEAD as recorded locally, else as the remote reports
 * it (network; may fail offline), else the branch checked out now, else git's init.defaultBranch,
 * else `main`.
 */
export async function detectDefaultBranch(
  ctx: Pick<AoContext, "exec">,
  root: string,
  hasOrigin: boolean,
): Promise<DefaultBranch> {
  const run = async (args: readonly string[], timeoutMs?: number) => {
    const result = await git(ctx, root, args, { reject: false, timeoutMs });
    return result.failed ? undefined : result.stdout.trim();
  };
  const probes: [BranchSource, Probe][] = [
    [
      "origin-head",
      async () =>
        stripPrefix(await run(["symbolic-ref", "refs/remotes/origin/HEAD"]), "refs/remotes/origin/"),
    ],
    [
      "remote",
      async () =>
        hasOrigin
          ? parseLsRemote(await run(["ls-remote", "--symref", "origin", "HEAD"], LS_REMOTE_TIMEOUT_MS))
          : undefined,
    ],
    ["current-branch", async () => run(["symbolic-ref", "--short", "HEAD"])],
    ["init-default", async () => run(["config", "--get", "init.defaultBranch"])],
  ];
  for (const [source, probe] of probes) {
    const name = await probe();
    if (name) return { name, source };
  }
  return { name: "main", source: "fallback" };
}

function stripPrefix(ref: string | undefined, prefix: string): string | undefined {
  return ref?.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
}

/** `ref: refs/heads/trunk\tHEAD` → `trunk`. */
export function parseLsRemote(output: string | undefined): string | undefined {
  const line = output?.split("\n").find((entry) => entry.startsWith("ref: "));
  const ref = line?.slice("ref: ".length).split("\t")[0];
  return stripPrefix(ref, "refs/heads/");
}
