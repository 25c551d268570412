import type { AoContext } from "../context.js";
import { askProject } from "./ask-project.js";
import { chooseConfigPath, writeConfigFile } from "./config-file.js";
import { detectRepository, type RepoDetection } from "./detect-repository.js";
import { listPrograms } from "../registry/list-programs.js";
import { draftProject, type AgentFacts, type ProjectDraft } from "./draft-project.js";
import { checkDefaultNotifiers } from "./check-notifiers.js";
import { proposeForges } from "./propose-plugins.js";
import { renderConfig } from "./render-config.js";
import { refreshSchemaCopy } from "./schema-copy.js";

export interface InitOptions {
  /** Never ask, even with a person at the terminal. */
  readonly auto?: boolean | undefined;
  /** Replace an existing agent-orchestrator.yaml/.yml. */
  readonly force?: boolean | undefined;
  /** `process.platform`, for install commands in the comments. */
  readonly platform?: string | undefined;
}

export interface InitResult {
  readonly path: string;
  readonly detection: RepoDetection;
  readonly project: ProjectDraft;
}

/**
 * `ao init`: detect the repository around `ctx.cwd`, ask the catalog's plugins which of them serve it
 * (trackers and scms propose themselves, agents say which CLI they run), let a person adjust the
 * guesses (only when one is at a terminal and `--auto` is off), and write a commented
 * agent-orchestrator.yaml at its root.
 */
export async function initProject(
  ctx: Pick<AoContext, "exec" | "env" | "cwd" | "paths" | "stderr" | "catalog" | "logger" | "ask">,
  options: InitOptions = {},
): Promise<InitResult> {
  const found = await detectRepository(ctx, ctx.cwd);
  // Refuse before asking anything: answering three questions to be told "exists" is rude.
  const path = await chooseConfigPath(found.root, options.force === true);
  const forges = await proposeForges(ctx, found);
  const detection = withHostKind(found, forges.scm?.proposal.hostKind);
  const agents: AgentFacts = {
    programs: await listPrograms(ctx.catalog, "agent"),
    fallback: ctx.catalog.defaults?.agent,
  };
  const drafted = draftProject(detection, forges, agents);
  const project =
    options.auto !== true && ctx.ask !== undefined
      ? await askProject(ctx, ctx.ask, detection, drafted, agents)
      : drafted;
  const platform = options.platform ?? process.platform;
  const text = renderConfig({
    project,
    notifiers: await checkDefaultNotifiers(ctx, platform),
    forges,
    agents,
    schemaPath: await refreshSchemaCopy(ctx.paths),
    toolchainEvidence: detection.toolchain?.evidence,
    originHost: project.repo === undefined ? detection.origin.location?.host : undefined,
    platform,
  });
  await writeConfigFile(path, text);
  ctx.logger.info("init wrote config", { path, project: project.id });
  return { path, detection, project };
}

/** What the chosen scm called origin's host (`other` when none claimed it), for the summary. */
function withHostKind(detection: RepoDetection, hostKind: string | undefined): RepoDetection {
  const location = detection.origin.location;
  if (location === undefined) return detection;
  return {
    ...detection,
    origin: { ...detection.origin, location: { ...location, hostKind: hostKind ?? "other" } },
  };
}
