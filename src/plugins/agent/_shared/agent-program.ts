import {
  checkProgram,
  installCommandFor,
  type PluginCheck,
  type PluginCheckContext,
  type PluginProgram,
} from "../../../core/plugin-api.js";

/**
 * An agent plugin's program and its doctor check in one: `ao init` finds installed agents by the
 * program, doctor fails a configured agent whose CLI is not on PATH and names its install command.
 * Being on PATH is the check: an agent CLI's `--version` can take seconds (node start-up, updates).
 */
export function agentProgram(name: string, program: PluginProgram) {
  return {
    program,
    doctor: async (_options: unknown, ctx: PluginCheckContext): Promise<PluginCheck[]> => [
      await checkProgram(ctx, {
        id: `agent:${name}`,
        title: `${program.binary} CLI (${name})`,
        binary: program.binary,
        fix: installCommandFor(program.install, ctx.platform),
      }),
    ],
  };
}
