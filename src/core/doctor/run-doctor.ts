import type { LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { summarizeChecks, type DoctorCheck, type DoctorHost, type DoctorSummary } from "./check.js";
import { checkAgents } from "./check-agents.js";
import { checkAoHome } from "./check-ao-home.js";
import { checkConfig } from "./check-config.js";
import { checkCredentials, type CredentialTarget } from "./check-credentials.js";
import { checkGit } from "./check-git.js";
import { checkNode } from "./check-node.js";
import { checkPermissions } from "./check-permissions.js";
import { checkPlugins } from "./check-plugins.js";
import { checkStore } from "./check-store.js";
import { checkTmux } from "./check-tmux.js";

export interface DoctorOptions {
  /** `--config`; otherwise the usual search (AO_CONFIG_PATH, then upwards from cwd). */
  readonly configPath?: string | undefined;
  readonly host: DoctorHost;
}

export interface DoctorReport {
  /** false when any check failed (warnings do not count). */
  readonly ok: boolean;
  readonly summary: DoctorSummary;
  readonly checks: readonly DoctorCheck[];
}

/**
 * `ao doctor`: the machine first (node, git, tmux, AO_HOME, the state database), then the configuration and what it
 * asks for (plugins, agent CLIs, credentials, risky settings). Without a config the machine checks
 * still run, with tmux required (the default runtime) and any agent CLI good enough.
 */
export async function runDoctor(ctx: AoContext, options: DoctorOptions): Promise<DoctorReport> {
  const { check: configCheck, loaded } = await checkConfig(ctx, options.configPath);
  const machine = await Promise.all([
    checkGit(ctx, options.host),
    checkTmux(ctx, options.host, loaded === undefined || usesTmux(loaded)),
    checkAoHome(ctx),
  ]);
  const checks: DoctorCheck[] = [
    checkNode(options.host.nodeVersion),
    ...machine,
    checkStore(ctx),
    configCheck,
    ...(loaded === undefined ? [] : await checkPlugins(ctx, loaded)),
    ...(await checkAgents(ctx, loaded === undefined ? undefined : configuredAgents(loaded))),
    ...(loaded === undefined ? [] : await checkCredentials(ctx, credentialTargets(loaded))),
    ...(loaded === undefined ? [] : checkPermissions(loaded.config)),
  ];
  const summary = summarizeChecks(checks);
  ctx.logger.info("doctor", { summary, failed: checks.filter((c) => c.status === "fail").map((c) => c.id) });
  return { ok: summary.fail === 0, summary, checks };
}

function projectsOf(loaded: LoadedConfig) {
  return Object.values(loaded.config.projects);
}

function usesTmux(loaded: LoadedConfig): boolean {
  return projectsOf(loaded).some((project) => project.runtime.plugin === "tmux");
}

function configuredAgents(loaded: LoadedConfig): string[] {
  return projectsOf(loaded).map((project) => project.agent.plugin);
}

function credentialTargets(loaded: LoadedConfig): CredentialTarget[] {
  return projectsOf(loaded).flatMap((project) =>
    [project.tracker, project.scm].flatMap((ref) => {
      if (ref === undefined) return [];
      const { plugin, ...options } = ref;
      return [{ name: plugin, options }];
    }),
  );
}
