import { createServer } from "node:net";
import type { AoContext } from "../context.js";
import { listenError } from "./daemon-server.js";
import { existingStartConfig, startWritesConfig } from "./resolve-start-target.js";

/** The port `ao start` will listen on and what set it, in words for a message. */
export interface PlannedPort {
  readonly port: number;
  /** "--port", "`port` at /repo/agent-orchestrator.yaml:3", or the default and the file without one. */
  readonly source: string;
}

type PortContext = Pick<AoContext, "exec" | "env" | "cwd" | "stderr" | "catalog" | "logger" | "paths">;

const DEFAULT_PORT = 3000;

/**
 * Which port `ao start` will use, found before it clones or writes anything: `--port`, else the
 * `port` of the config the target runs with when that exists, else the default a new config gets
 * when the start would write one. Undefined when it cannot be told yet (no config and none to be
 * written, or a config that does not load): the start itself reports that, and a guessed port
 * would blame a process on a port the daemon never meant to use.
 */
export async function plannedPort(
  ctx: PortContext,
  options: { target?: string | undefined; configPath?: string | undefined; port?: number | undefined },
): Promise<PlannedPort | undefined> {
  if (options.port !== undefined) return { port: options.port, source: "--port" };
  const path = await existingStartConfig(ctx, options);
  if (path === undefined) {
    if (!(await startWritesConfig(ctx, options))) return undefined;
    return { port: DEFAULT_PORT, source: "the default `port` of the config `ao init --auto` writes" };
  }
  const { loadConfig, locateKeyPath } = await import("../config/index.js");
  const loaded = await loadConfig(ctx, { configPath: path, registered: false }).catch(() => undefined);
  if (loaded === undefined) return undefined;
  const { isWrittenInYaml } = await import("../config/config-document.js");
  const document = await loaded.loadDocument();
  if (!isWrittenInYaml(document, ["port"]))
    return { port: loaded.config.port, source: `the default \`port\` (${loaded.path} sets none)` };
  const at = await locateKeyPath(loaded, ["port"], "key");
  return { port: loaded.config.port, source: `\`port\` at ${at.file}:${at.line}` };
}

/**
 * Fails, naming who holds the port and what chose it, when the port cannot be listened on now;
 * port 0 (any free one) and a port not known yet always can. Listens on 127.0.0.1 as the daemon does, and closes at once.
 */
export async function assertPortFree(planned: PlannedPort | undefined): Promise<void> {
  if (planned === undefined || planned.port === 0) return;
  const server = createServer();
  const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port: planned.port, host: "127.0.0.1", exclusive: true }, () => resolve(undefined));
  });
  if (failure !== undefined) throw await listenError(failure, planned.port, planned.source);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
