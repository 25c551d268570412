import { z } from "zod";
import {
  AoError,
  definePlugin,
  type ActivityProbe,
  type ActivityReport,
  type Agent,
  type AgentResumeInput,
  type LaunchSpec,
} from "../../core/plugin-api.js";
import { activityFromLiveness, withSessionId } from "./_shared/liveness-activity.js";
import { classifyScreen, type ScreenRule } from "./_shared/screen-rules.js";
import { runsPermissionless } from "./_shared/worker-mcp.js";

const LAUNCH_PLACEHOLDERS = ["promptFile", "worktree", "sessionId"] as const;
const RESUME_PLACEHOLDERS = [...LAUNCH_PLACEHOLDERS, "agentSessionId"] as const;

const regex = z.string().min(1).refine(isRegex, { message: "not a valid regular expression" });

export const commandOptions = z.strictObject({
  argv: z.array(z.string()).min(1).meta({
    description:
      "The program and its arguments; {promptFile}, {worktree} and {sessionId} are filled in. Never a shell string.",
  }),
  resumeArgv: z.array(z.string()).min(1).optional().meta({
    description: "How to continue a conversation; also takes {agentSessionId}. Without it, ao cannot resume.",
  }),
  modelArgs: z.array(z.string()).default(["--model", "{model}"]).meta({
    description: "Appended when a model is set; {model} is filled in.",
  }),
  permissionlessArgs: z.array(z.string()).default([]).meta({
    description: "Appended only when the project runs permissionless (e.g. the CLI's --yes flag).",
  }),
  env: z
    .record(z.string(), z.string())
    .default({})
    .meta({ description: "Extra environment for the program." }),
  needsInputPattern: regex.optional().meta({ description: "A screen matching this waits for a person." }),
  workingPattern: regex.optional().meta({ description: "A screen matching this is busy." }),
  idlePattern: regex.optional().meta({ description: "A screen matching this waits for the next message." }),
  sessionIdPattern: regex.optional().meta({
    description: "Finds the agent's own session id on the screen: the first capture group of the last match.",
  }),
});

export type CommandOptions = z.output<typeof commandOptions>;

/** agent/command: any CLI, described by argv templates and screen patterns in the config. */
export function createCommandAgent(options: CommandOptions): Agent {
  assertPlaceholders(options.argv, LAUNCH_PLACEHOLDERS, "argv");
  if (options.resumeArgv) assertPlaceholders(options.resumeArgv, RESUME_PLACEHOLDERS, "resumeArgv");
  const rules = screenRules(options);
  const build = (
    template: readonly string[],
    input: AgentResumeInput | Omit<AgentResumeInput, "agentSessionId">,
  ): Promise<LaunchSpec> => {
    // Only the text fields fill placeholders (a worker's mcpServer is not one: this CLI has no MCP
    // flags known to ao; autoAllow is not either: this agent's questions are on its screen).
    const { mcpServer: _unused, autoAllow: _screen, ...text } = input;
    const values: Record<string, string | undefined> = { ...text };
    const argv = template.map((word) => fill(word, values));
    if (input.model !== undefined)
      argv.push(...options.modelArgs.map((word) => fill(word, { model: input.model ?? "" })));
    if (runsPermissionless(input)) argv.push(...options.permissionlessArgs);
    return Promise.resolve({ argv, env: { ...options.env } });
  };
  const agent: Agent = {
    launch: (input) => build(options.argv, input),
    activity: (probe) => Promise.resolve(commandActivity(probe, rules, options.sessionIdPattern)),
  };
  const resumeArgv = options.resumeArgv;
  if (resumeArgv) agent.resume = (input) => build(resumeArgv, input);
  return agent;
}

function fill(word: string, values: Record<string, string | undefined>): string {
  return word.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function assertPlaceholders(template: readonly string[], allowed: readonly string[], key: string): void {
  for (const word of template) {
    for (const [, name] of word.matchAll(/\{(\w+)\}/g)) {
      if (name !== undefined && !allowed.includes(name)) {
        throw new AoError(
          "E_PLUGIN_OPTIONS",
          `agent/command option ${key} uses {${name}}, which ao does not fill in`,
          {
            hint: `use one of ${allowed.map((placeholder) => `{${placeholder}}`).join(", ")}`,
          },
        );
      }
    }
  }
}

function screenRules(options: CommandOptions): ScreenRule[] {
  const rules: ScreenRule[] = [];
  if (options.needsInputPattern)
    rules.push({
      activity: "needs_input",
      pattern: new RegExp(options.needsInputPattern, "m"),
      detail: "needsInputPattern matched",
    });
  if (options.workingPattern)
    rules.push({
      activity: "working",
      pattern: new RegExp(options.workingPattern, "m"),
      detail: "workingPattern matched",
    });
  if (options.idlePattern)
    rules.push({
      activity: "idle",
      pattern: new RegExp(options.idlePattern, "m"),
      detail: "idlePattern matched",
    });
  return rules;
}

function commandActivity(
  probe: ActivityProbe,
  rules: readonly ScreenRule[],
  sessionIdPattern: string | undefined,
): ActivityReport {
  const agentSessionId = sessionIdFromScreen(probe.screen, sessionIdPattern) ?? probe.agentSessionId;
  const report = activityFromLiveness(probe.liveness) ??
    classifyScreen(probe.screen, rules) ?? {
      activity: "unknown",
      detail: rules.length === 0 ? "no screen patterns configured" : "no pattern matched",
    };
  return withSessionId(report, agentSessionId);
}

function sessionIdFromScreen(screen: string | undefined, pattern: string | undefined): string | undefined {
  if (screen === undefined || pattern === undefined) return undefined;
  let found: string | undefined;
  for (const match of screen.matchAll(new RegExp(pattern, "g"))) found = match[1] ?? found;
  return found;
}

function isRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export const plugin = definePlugin({
  slot: "agent",
  name: "command",
  description: "Any agent CLI, from an argv template and screen patterns in the config",
  options: commandOptions,
  create: (options) => createCommandAgent(options),
});
