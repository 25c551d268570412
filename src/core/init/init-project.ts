import type { AoContext } from "../context.js";
import { askProject } from "./ask-project.js";
import { chooseConfigPath, writeConfigFile } from "./config-file.js";
import { detectRepository, type RepoDetection } from "./detect-repository.js";
import { draftProject, type ProjectDraft } from "./draft-project.js";
import { renderConfig } from "./render-config.js";
import { configSchemaPath } from "./schema-location.js";

export interface InitOptions {
  /** Never ask, even with a person at the terminal. */
  readonly auto?: boolean | undefined;
  /** Replace an existing agent-orchestrator.yaml/.yml. */
  readonly force?: boolean | undefined;
}

export interface InitResult {
  readonly path: string;
  readonly detection: RepoDetection;
  readonly project: ProjectDraft;
}

/**
 * `ao init`: detect the repository around `ctx.cwd`, let a person adjust the guesses (only when
 * one is at a terminal and `--auto` is off), and write a commented agent-orchestrator.yaml at its root.
 */
export async function initProject(
  ctx: Pick<AoContext, "exec" | "env" | "cwd" | "stderr" | "catalog" | "logger" | "ask">,
  options: InitOptions = {},
): Promise<InitResult> {
  const detection = await detectRepository(ctx, ctx.cwd);
  // Refuse before asking anything: answering three questions to be told "exists" is rude.
  const path = await chooseConfigPath(detection.root, options.force === true);
  const drafted = draftProject(detection);
  const project =
    options.auto !== true && ctx.ask !== undefined
      ? await askProject(ctx, ctx.ask, detection, drafted)
      : drafted;
  const text = renderConfig({
    project,
    schemaPath: configSchemaPath(),
    toolchainEvidence: detection.toolchain?.evidence,
    originHost: detection.origin.location?.host,
  });
  await writeConfigFile(path, text);
  ctx.logger.info("init wrote config", { path, project: project.id });
  return { path, detection, project };
}
