import { basename, dirname, isAbsolute } from "node:path";
import { checkProgram, type PluginCheck, type PluginCheckContext } from "../../../core/plugin-api.js";
import { adapterArgv, type AcpAdapter, type ProtocolOptions } from "./acp-mode.js";

/**
 * ao doctor's line for an agent run with `protocol: acp`: its adapter program found (a name on
 * PATH, or an absolute path), with its version where it prints one without starting a
 * conversation, and the install command as the fix. Points at `acpArgv` when the file gives one,
 * else at `protocol`.
 */
export async function checkAcpAdapter(
  name: string,
  options: ProtocolOptions,
  adapter: AcpAdapter,
  ctx: PluginCheckContext,
): Promise<PluginCheck> {
  const program = adapterArgv(options, adapter)[0] ?? "";
  // An absolute path is looked for in its own directory, the way checkProgram looks on PATH.
  const where = isAbsolute(program) ? { ...ctx, env: { ...ctx.env, PATH: dirname(program) } } : ctx;
  const install = `npm i -g ${adapter.install}`;
  const check = await checkProgram(where, {
    id: `agent:${name}:acp`,
    title: `ACP adapter ${basename(program)} (${name}, protocol: acp)`,
    binary: basename(program),
    versionArgs: adapter.versionArgs,
    fix: options.acpArgv === undefined ? install : `${install}, or correct acpArgv`,
  });
  return { ...check, option: options.acpArgv === undefined ? ["protocol"] : ["acpArgv"] };
}

/** The options' protocol fields, read from what doctor hands a plugin (validated, or none at all). */
export function protocolOptionsIn(options: unknown): ProtocolOptions {
  const given = (options ?? {}) as Partial<ProtocolOptions>;
  return { protocol: given.protocol === "acp" ? "acp" : "terminal", acpArgv: given.acpArgv };
}
