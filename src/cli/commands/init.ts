import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import type { InitResult } from "../../core/init/index.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  auto: { type: "boolean", description: "accept the detected values without asking" },
  force: { type: "boolean", description: "replace an existing agent-orchestrator.yaml" },
  ...jsonFlag("print the detection and the written path as JSON"),
});

/** `ao init`: detects the repository around the working directory and writes its config. */
export function registerInitCommand(program: Command, cli: CliRuntime): void {
  const init = program
    .command("init")
    .description("detect this repository and write a commented agent-orchestrator.yaml at its root");
  addFlags(init, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
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
