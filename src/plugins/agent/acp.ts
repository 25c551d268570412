import { z } from "zod";
import { definePlugin, type Agent } from "../../core/plugin-api.js";
import { acpAgentOf, acpHostIn, type AcpHost } from "./acp/acp-agent.js";

export const acpOptions = z.strictObject({
  argv: z.array(z.string()).min(1).meta({
    description:
      "The ACP agent's program and its arguments (e.g. [gemini, --experimental-acp]); ao's host starts it and speaks ACP over its stdio. Never a shell string.",
  }),
  env: z
    .record(z.string(), z.string())
    .default({})
    .meta({ description: "Extra environment for the host and the agent it starts." }),
  modelArgs: z.array(z.string()).default([]).meta({
    description:
      'Appended to argv when the session has a model, {model} filled in (e.g. [--model, "{model}"]). Empty: ACP has no standard way to pick a model, so none is passed.',
  }),
  takeover: z.array(z.string()).min(1).optional().meta({
    description:
      "The agent's own TUI that resumes an ACP conversation, {session} filled in with its id (e.g. [claude, --resume, \"{session}\"]): what `ao session takeover` runs in the session's terminal. Absent: the session cannot be taken over.",
  }),
});

export type AcpOptions = z.output<typeof acpOptions>;

/**
 * agent/acp: any agent that speaks the Agent Client Protocol (docs/acp.md), its argv as configured
 * (acp/acp-agent.ts does the rest: the host, the record, turns and questions).
 */
export function createAcpAgent(options: AcpOptions, host: AcpHost): Agent {
  return acpAgentOf(
    (input) => ({
      argv: [...options.argv, ...modelArgs(options.modelArgs, input.model)],
      env: options.env,
      takeover: options.takeover,
    }),
    host,
  );
}

function modelArgs(template: readonly string[], model: string | undefined): string[] {
  if (model === undefined) return [];
  return template.map((word) => word.replaceAll("{model}", model));
}

export const plugin = definePlugin({
  slot: "agent",
  name: "acp",
  description: "Any agent that speaks the Agent Client Protocol (ACP), run by ao's ACP host",
  options: acpOptions,
  create: (options, ctx) => createAcpAgent(options, acpHostIn(ctx.paths.home)),
});
