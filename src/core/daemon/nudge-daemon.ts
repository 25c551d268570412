import { request } from "node:http";
import type { AoPaths } from "../paths.js";
import { daemonFiles, readDaemonInfo, readDaemonToken } from "./daemon-files.js";

/** How long the exit hook waits for the daemon to take the request (the cycle runs on after). */
const NUDGE_TIMEOUT_MS = 5000;

export type NudgeOutcome = "asked" | "no-daemon" | "failed";

/**
 * Asks the running daemon of this AO_HOME for a cycle now (`POST /cycle` with its token, on
 * 127.0.0.1). The runtime's exit hook runs it (`ao session ended`), so an agent's exit shows
 * within seconds rather than at the next poll. No daemon, or one that does not answer, is not an
 * error: its poll sees the exit later.
 */
export async function nudgeDaemon(paths: AoPaths): Promise<NudgeOutcome> {
  const files = daemonFiles(paths);
  const [info, token] = await Promise.all([readDaemonInfo(files), readDaemonToken(files)]);
  if (info === undefined || token === undefined) return "no-daemon";
  return new Promise((resolve) => {
    const host = `127.0.0.1:${String(info.port)}`;
    const asking = request(
      {
        host: "127.0.0.1",
        port: info.port,
        method: "POST",
        path: "/cycle",
        headers: { host, authorization: `Bearer ${token}`, "content-length": 0 },
        timeout: NUDGE_TIMEOUT_MS,
      },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200 ? "asked" : "failed");
      },
    );
    asking.on("timeout", () => asking.destroy());
    asking.on("error", () => resolve("failed"));
    asking.end();
  });
}
