import { dirname } from "node:path";
import type { LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { summarizeChecks, type DoctorCheck, type DoctorHost, type DoctorSummary } from "./check.js";
import { checkInstalledAgents } from "./check-agents.js";
import { checkAgentVersions } from "./check-agent-versions.js";
import { checkAoHome } from "./check-ao-home.js";
import { checkBudgets } from "./check-budgets.js";
import { checkConfig } from "./check-config.js";
import { checkCatalogDefaults } from "./check-defaults.js";
import { checkDiskSpace } from "./check-disk-space.js";
import { checkGit } from "./check-git.js";
import { checkGitIdentity } from "./check-git-identity.js";
import { checkInterruptedSpawns } from "./check-interrupted-spawns.js";
import { checkNotifiers } from "./check-notifiers.js";
import { checkOrphanAgents } from "./check-orphan-agents.js";
import { checkNode } from "./check-node.js";
import { checkPermissions } from "./check-permissions.js";
import { checkPlugins } from "./check-plugins.js";
import { checkPrices } from "./check-prices.js";
import { checkStore } from "./check-store.js";
import { checkStoreWritable } from "./check-store-writable.js";
import type { RepairOutcome } from "./repairs/repair.js";
import { repairChecks, runRepairs } from "./repairs/run-repairs.js";

export interface DoctorOptions {
  /** `--config`; otherwise the usual search (AO_CONFIG_PATH, then upwards from cwd). */
  readonly configPath?: string | undefined;
  readonly host: DoctorHost;
  /** `--fix`: apply the repairs (repairs/) before checking; without it they are only listed. */
  readonly fix?: boolean | undefined;
  /** `--move-aside-store`: with --fix, an empty ao.db with no backup is moved aside. */
  readonly moveAsideStore?: boolean | undefined;
}

export interface DoctorReport {
  /** false when any check failed (warnings do not count). */
  readonly ok: boolean;
  readonly summary: DoctorSummary;
  readonly checks: readonly DoctorCheck[];
  /** What `--fix` set right (fixed, failed) or would set right (planned, without --fix). */
  readonly repairs: readonly RepairOutcome[];
}

/**
 * `ao doctor`: what core itself needs (node, git, AO_HOME, the state database), the configuration,
 * then what each configured plugin says it needs (its `doctor` capability: tmux, an agent CLI,
 * credentials, a webhook secret) and risky settings. Without a config the catalog's defaults are
 * checked instead (tmux required for the default runtime) and any installed agent CLI will do.
 */
export async function runDoctor(ctx: AoContext, options: DoctorOptions): Promise<DoctorReport> {
  // First: the AO_HOME check below creates a missing AO_HOME, and the fixes decide its mode.
  const repairs = await runRepairs(ctx, options.fix === true, { moveAsideStore: options.moveAsideStore });
  const { check: configCheck, loaded } = await checkConfig(ctx, options.configPath);
  const { platform } = options.host;
  const [machine, versions] = await Promise.all([
    Promise.all([checkGit(ctx, options.host), checkAoHome(ctx), checkDiskSpace(ctx)]),
    checkAgentVersions(ctx),
  ]);
  const projectDirs =
    loaded === undefined ? [ctx.cwd] : Object.values(loaded.config.projects).map((p) => p.path);
  const identities = await Promise.all([...new Set(projectDirs)].map((dir) => checkGitIdentity(ctx, dir)));
  const plugins =
    loaded === undefined
      ? [...(await checkCatalogDefaults(ctx, platform)), await checkInstalledAgents(ctx, platform)]
      : await checkPlugins(ctx, loaded, { platform });
  const checks: DoctorCheck[] = [
    checkNode(options.host.nodeVersion),
    ...machine,
    checkStore(ctx),
    await checkStoreWritable(ctx),
    configCheck,
    ...identities,
    ...plugins,
    ...versions,
    ...(loaded === undefined ? [] : checkPermissions(loaded.config)),
    ...(loaded === undefined ? [] : await checkBudgets(ctx, loaded)),
    ...(loaded === undefined ? [] : [await checkPrices(ctx, loaded)]),
    ...(loaded === undefined ? [] : [await checkNotifiers(ctx, loaded)]),
    checkInterruptedSpawns(ctx),
    ...(await checkOrphanAgents(
      ctx,
      runtimesInUse(ctx, loaded),
      loaded === undefined ? ctx.cwd : dirname(loaded.path),
    )),
    ...repairChecks(repairs),
  ];
  const summary = summarizeChecks(checks);
  ctx.logger.info("doctor", { summary, failed: checks.filter((c) => c.status === "fail").map((c) => c.id) });
  return { ok: summary.fail === 0, summary, checks, repairs };
}

/** The runtimes the configuration uses, or the catalog's default one without a configuration. */
function runtimesInUse(ctx: AoContext, loaded: LoadedConfig | undefined): string[] {
  if (loaded === undefined)
    return ctx.catalog.defaults?.runtime === undefined ? [] : [ctx.catalog.defaults.runtime];
  return [...new Set(Object.values(loaded.config.projects).map((project) => project.runtime.plugin))];
}
