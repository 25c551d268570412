import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import type { InitResult } from "../../core/init/index.js";
import { writeJson, writeLines } from "../render.js";

interface InitFlags {
  auto?: boolean;
  force?: boolean;
  json?: boolean;
}

export function registerInitCommand(program: Command, cli: CliRuntime): void {
  program
    .command("init")
    .description("detect this repository and write a commented agent-orchestrator.yaml at its root")
    .option("--auto", "accept the detected values without asking")
    .option("--force", "replace an existing agent-orchestrator.yaml")
    .option("--json", "print the detection and the written path as JSON")
    .action(
      cli.action(async (ctx, flags: InitFlags) => {
        const { initProject } = await import("../../core/init/index.js");
        const result = await initProject(ctx, {
          auto: flags.auto,
          force: flags.force,
          platform: process.platform,
        });
        if (flags.json) writeJson(ctx.stdout, result);
        else writeLines(ctx.stdout, summaryLines(result));
        return 0;
      }),
    );
}

function summaryLines({ path, detection, project }: InitResult): string[] {
  const location = detection.origin.location;
  const origin = location
    ? `${location.owner}/${location.repo} on ${location.host} (${location.hostKind})`
    : detection.origin.present
      ? "origin is not a hosted repository"
      : "no origin remote";
  const toolchain = detection.toolchain;
  const agents = detection.agents.map((agent) => agent.binary).join(", ");
  return [
    `wrote ${path}`,
    `  project         ${project.id}`,
    `  origin          ${origin}`,
    `  default branch  ${project.defaultBranch} (from ${detection.defaultBranch.source})`,
    `  toolchain       ${toolchain ? `${toolchain.language}, ${toolchain.packageManager} (${toolchain.evidence})` : "not detected"}`,
    `  agent CLIs      ${agents === "" ? "none found on PATH" : agents}`,
    `  agent           ${project.agent}${project.agentInstalled ? "" : " (not installed)"}`,
    `  tracker, scm    ${project.tracker?.plugin ?? "none"}, ${project.scm?.plugin ?? "none"}`,
    "next:",
    "  ao doctor",
    `  ao spawn ${project.id} "<task>"`,
  ];
}
