import { join } from "node:path";
import { controlPlaneEnabled, createControlContext } from "../core/control/index.js";
import type { DaemonMountContext, RouteMount } from "../core/daemon/index.js";
import { startHttpServer, type RouteSet } from "../core/http/index.js";
import type { AoPaths } from "../core/paths.js";
import { mcpRoutes } from "./mcp-route.js";

/** The unix socket `ao mcp` talks to the daemon over: only this user can connect (0600). */
export function controlSocketPath(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "mcp.sock");
}

/**
 * The control plane on the daemon (`runDaemon({ mounts })`): while it is on, MCP on the unix
 * socket `AO_HOME/mcp.sock` always, and on the daemon's own port under `/mcp` when
 * `controlPlane.http` is on. The tools run here, in the daemon, over its store: turns outlive the
 * commander's process, and a restarted daemon carries them on. While off it mounts nothing.
 */
export function controlPlaneMount(version: string): RouteMount {
  return async (daemon: DaemonMountContext): Promise<RouteSet> => {
    const owner = "control-plane";
    const loaded = daemon.engine.config;
    if (!controlPlaneEnabled(loaded)) return { owner, routes: [] };
    const cc = createControlContext(daemon.ctx, daemon.engine.store, loaded);
    const routes = mcpRoutes(cc, version);
    const socket = await startHttpServer({
      port: 0,
      socketPath: controlSocketPath(daemon.ctx.paths),
      routes: [{ owner, routes }],
      // Every /mcp route checks its caller itself (commander token, worker secret).
      authorize: () => false,
      log: daemon.log,
    });
    daemon.onClose(() => socket.close());
    daemon.log.info(
      `control plane: MCP on ${controlSocketPath(daemon.ctx.paths)}${loaded.config.controlPlane.http ? " and /mcp" : ""}`,
    );
    return { owner, routes: loaded.config.controlPlane.http ? routes : [] };
  };
}
