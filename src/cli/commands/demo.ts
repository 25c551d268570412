import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { DemoStep } from "../../core/demo/index.js";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { createStyle, writeJson, writeLines, type Style } from "../render.js";

const FLAGS = defineFlags({
  agent: {
    type: "string",
    value: "name",
    description: "an installed agent (e.g. claude-code) instead of the scripted demo agent",
  },
  keep: {
    type: "boolean",
    description: "keep the sandbox (repository, AO_HOME, agent session) to look at afterwards",
  },
  // No default here: it depends on --agent, so the core picks it (and the description says so).
  timeout: { type: "duration", description: "give up after this long (default 120s; 20m with --agent)" },
  ...jsonFlag("print the steps and the result as JSON (the steps also go to stderr as they happen)"),
});

export function registerDemoCommand(program: Command, cli: CliRuntime): void {
  const demo = program
    .command("demo")
    .description(
      "run the whole loop in a throwaway sandbox: spawn → CI fails → the agent fixes it → review → notification → merge",
    );
  addFlags(demo, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { runDemo } = await import("../../core/demo/index.js");
      const out = flags.json ? ctx.stderr : ctx.stdout;
      const style = createStyle(out, ctx.env);
      const interrupt = interruptSignal();
      try {
        const result = await runDemo(ctx, {
          agent: flags.agent,
          keep: flags.keep,
          timeoutMs: flags.timeout,
          signal: interrupt.signal,
          onStep: (step) => writeStep(out, style, step),
        });
        if (flags.json) writeJson(ctx.stdout, result);
        else writeLines(ctx.stdout, result.keptHints);
        return 0;
      } finally {
        interrupt.dispose();
      }
    }),
  );
}

/**
 * Ctrl-C (and SIGTERM) stop the demo instead of killing ao on the spot, so the sandbox, its tmux
 * server and any CI run are still removed. Further signals during that clean-up are absorbed.
 */
function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    },
  };
}

function writeStep(out: OutputStream, style: Style, step: DemoStep): void {
  const time = `[${(step.atMs / 1000).toFixed(1).padStart(5)}s]`;
  const title =
    step.kind === "status"
      ? style.dim(step.title)
      : step.kind === "failed" || step.kind === "ci_failed" || step.kind === "warning"
        ? style.red(step.title)
        : step.kind === "done" || step.kind === "ci_passed" || step.kind === "merged"
          ? style.green(step.title)
          : step.title;
  const indent = " ".repeat(time.length + 1);
  writeLines(out, [
    `${style.dim(time)} ${title}`,
    ...step.detail.map((line) => `${indent}${style.dim(line)}`),
  ]);
}
