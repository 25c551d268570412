import { basename } from "node:path";
import type { AoContext } from "../context.js";
import { detectAgents, type InstalledAgent } from "../registry/detect-agents.js";
import { detectDefaultBranch, type DefaultBranch } from "./detect-default-branch.js";
import { detectOrigin, type OriginInfo } from "./detect-origin.js";
import { detectToolchain, type Toolchain } from "./detect-toolchain.js";
import { findRepoRoot } from "./find-repo-root.js";

/** Everything `ao init` learns about the repository it runs in. Nothing here is secret. */
export interface RepoDetection {
  readonly root: string;
  readonly directoryName: string;
  readonly origin: OriginInfo;
  readonly defaultBranch: DefaultBranch;
  readonly toolchain: Toolchain | undefined;
  readonly agents: readonly InstalledAgent[];
}

export async function detectRepository(
  ctx: Pick<AoContext, "exec" | "env" | "catalog">,
  cwd: string,
): Promise<RepoDetection> {
  const root = await findRepoRoot(ctx, cwd);
  const origin = await detectOrigin(ctx, root);
  const [defaultBranch, toolchain, agents] = await Promise.all([
    detectDefaultBranch(ctx, root, origin.present),
    detectToolchain(root),
    detectAgents(ctx),
  ]);
  return { root, directoryName: basename(root), origin, defaultBranch, toolchain, agents };
}
