import { request } from "node:http";
import type { CycleReport } from "../lifecycle/run-cycle.js";
import type { AoPaths } from "../paths.js";
import { daemonFiles, readDaemonInfo, readDaemonToken } from "../daemon-state/daemon-files.js";

export interface DaemonCycleAnswer {
  /** `no-daemon`: none runs for this AO_HOME; `failed`: it did not answer, or not with 200. */
  outcome: "ran" | "no-daemon" | "failed";
  report?: CycleReport | undefined;
}

/**
 * Asks the running daemon of this AO_HOME for a cycle now (`POST /cycle` with its token, on
 * 127.0.0.1) and waits for its report. Every cycle goes through the daemon's one queue, so asking it
 * never runs a cycle beside the daemon's own (no reaction twice). Used by the runtime's exit hook
 * (`ao session ended`) and by `ao review-check`. No daemon, or one that does not answer, is not an
 * error: the caller decides (the exit hook leaves it to the next poll).
 */
export async function requestDaemonCycle(
  paths: AoPaths,
  asked: { sessionIds?: readonly string[]; fresh?: boolean } = {},
  timeoutMs = 60_000,
): Promise<DaemonCycleAnswer> {
  const files = daemonFiles(paths);
  const [info, token] = await Promise.all([readDaemonInfo(files), readDaemonToken(files)]);
  if (info === undefined || token === undefined) return { outcome: "no-daemon" };
  const body = JSON.stringify(asked);
  return new Promise((resolve) => {
    const post = request(
      {
        host: "127.0.0.1",
        port: info.port,
        method: "POST",
        path: "/cycle",
        headers: {
          host: `127.0.0.1:${String(info.port)}`,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        timeout: timeoutMs,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve(readAnswer(answer.statusCode, Buffer.concat(chunks))));
        answer.on("error", () => resolve({ outcome: "failed" }));
      },
    );
    post.on("timeout", () => post.destroy());
    post.on("error", () => resolve({ outcome: "failed" }));
    post.end(body);
  });
}

function readAnswer(status: number | undefined, body: Buffer): DaemonCycleAnswer {
  if (status !== 200) return { outcome: "failed" };
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { report?: CycleReport };
    return { outcome: "ran", report: parsed.report };
  } catch {
    return { outcome: "failed" };
  }
}
