import type { Exec } from "../exec.js";
import type { PluginContext } from "./define-plugin.js";
import { withoutVariables } from "../secret-variables.js";

/**
 * What an agent's process inherits: the person's environment (the daemon's or the command's, see
 * docs/agents.md "The agent's environment") without ao's own secrets. The variables its plugin
 * asks for and the session's own (sessionEnv) come on top, through RuntimeCreateInput.env.
 */
export function agentInheritedEnv(
  env: Readonly<Record<string, string | undefined>>,
  secretVariables: readonly string[],
): Record<string, string> {
  return withoutVariables(env, secretVariables);
}

/**
 * The context a runtime plugin works in: its `env` is agentInheritedEnv, and every process it
 * starts through `exec` has ao's secret variables removed. The tmux server is such a process (its
 * global environment, `tmux show-environment -g`, is the environment of whoever started it, and
 * every pane inherits it); so is a `runtime: process` agent. A fake exec in a test still sees the
 * removal, as variables set to undefined.
 */
export function agentContext(ctx: PluginContext, secretVariables: readonly string[]): PluginContext {
  const removed = Object.fromEntries(secretVariables.map((name) => [name, undefined]));
  const exec: Exec = (file, args, options = {}) =>
    ctx.exec(file, args, { ...options, env: { ...options.env, ...removed } });
  return { ...ctx, env: agentInheritedEnv(ctx.env, secretVariables), exec };
}
