import {
  checkProgram,
  installCommandFor,
  type PluginCheck,
  type PluginCheckContext,
  type PluginProgram,
} from "../../../core/plugin-api.js";
import { checkAcpAdapter, protocolOptionsIn } from "./acp-adapter-check.js";
import type { AcpAdapter } from "./acp-mode.js";
import { checkLogin, type LoginSpec } from "./agent-login.js";

/**
 * An agent plugin's program and its doctor check in one: `ao init` finds installed agents by the
 * program, doctor fails a configured agent whose CLI is not on PATH and names its install command,
 * then (with a login spec) says whether the CLI has a login it can use.
 * Being on PATH is the check: an agent CLI's `--version` can take seconds (node start-up, updates).
 * With `protocol: acp` (and the agent's `acp` adapter for its options) the adapter is checked
 * instead of the CLI (acp-adapter-check.ts); the login is the same.
 */
export function agentProgram(
  name: string,
  program: PluginProgram,
  login?: Omit<LoginSpec, "binary">,
  acp?: (options: unknown) => AcpAdapter,
) {
  return {
    program,
    doctor: async (options: unknown, ctx: PluginCheckContext): Promise<PluginCheck[]> => {
      const protocol = protocolOptionsIn(options);
      const installed =
        acp !== undefined && protocol.protocol === "acp"
          ? await checkAcpAdapter(name, protocol, acp(options), ctx)
          : await checkProgram(ctx, {
              id: `agent:${name}`,
              title: `${program.binary} CLI (${name})`,
              binary: program.binary,
              fix: installCommandFor(program.install, ctx.platform),
            });
      const signedIn =
        login === undefined || installed.status !== "ok"
          ? undefined
          : checkLogin(name, { ...login, binary: program.binary }, ctx);
      return signedIn === undefined ? [installed] : [installed, signedIn];
    },
  };
}
