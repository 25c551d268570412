import type { PluginConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { InitProposal, InitRepository } from "../registry/plugin-capabilities.js";
import type { RepoDetection } from "./detect-repository.js";
import type { Toolchain } from "./detect-toolchain.js";

/** The plugin `ao init` writes for a slot, with what its proposal says to write around it. */
export interface ForgeChoice {
  /** `{ plugin, ...options }`: exactly what goes into the file. */
  readonly config: PluginConfig;
  readonly proposal: InitProposal;
  /** The slot's plugins in the catalog, for the comment that lists the alternatives. */
  readonly alternatives: readonly string[];
}

export interface ForgeChoices {
  readonly tracker: ForgeChoice | undefined;
  readonly scm: ForgeChoice | undefined;
}

/**
 * Asks every tracker and scm of the catalog whether it serves this repository (their `init`
 * capability). A `hosted` proposal (origin is the plugin's service) wins over a `fallback` (local
 * mode); among equals, catalog order decides. Core knows no host by name.
 */
export async function proposeForges(
  ctx: Pick<AoContext, "catalog" | "env">,
  detection: RepoDetection,
): Promise<ForgeChoices> {
  const location = detection.origin.location;
  const repository: InitRepository = {
    origin: location && { host: location.host, owner: location.owner, repo: location.repo },
    test: detectedTest(detection.toolchain),
    env: ctx.env,
  };
  const [tracker, scm] = await Promise.all([
    choose(ctx, "tracker", repository),
    choose(ctx, "scm", repository),
  ]);
  return { tracker, scm };
}

/**
 * The test command for CI, runnable only when the dependencies it needs are installed first: the
 * install is written as an active `postCreate` only from a lockfile, so without one the tests
 * would fail in every fresh worktree (`xo: not found`) and the ci-failed reaction blame the agent.
 */
function detectedTest(toolchain: Toolchain | undefined): InitRepository["test"] {
  if (toolchain?.test === undefined) return undefined;
  const base = { command: toolchain.test, evidence: toolchain.evidence };
  if (toolchain.install === undefined || toolchain.locked || !toolchain.needsInstall) return base;
  const unready =
    `it needs \`${toolchain.install}\` first, which stays commented out without a lockfile ` +
    "(uncomment both, or commit a lockfile and run `ao init` again)";
  return { ...base, unready };
}

async function choose(
  ctx: Pick<AoContext, "catalog">,
  slot: "tracker" | "scm",
  repository: InitRepository,
): Promise<ForgeChoice | undefined> {
  const names = Object.keys(ctx.catalog[slot]);
  const proposals = await Promise.all(
    names.map(async (name) => {
      try {
        const loaded = await loadPluginModule(slot, name, { catalog: ctx.catalog, baseDir: "/" });
        const proposal = checkDefinition(slot, name, loaded).init?.(repository);
        return proposal === undefined ? undefined : { name, proposal };
      } catch {
        // A built-in that does not load (a broken install) proposes nothing; `ao doctor` says why.
        return undefined;
      }
    }),
  );
  const offered = proposals.filter((entry) => entry !== undefined);
  const best = offered.find((entry) => entry.proposal.fit === "hosted") ?? offered[0];
  if (best === undefined) return undefined;
  return {
    config: { plugin: best.name, ...best.proposal.options },
    proposal: best.proposal,
    alternatives: names,
  };
}
