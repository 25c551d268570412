import { AoError } from "../errors.js";
import type { DaemonInfo } from "../daemon-state/daemon-files.js";

export function alreadyRunningError(home: string, info: DaemonInfo | undefined): AoError {
  const who = info === undefined ? "starting" : `pid ${info.pid}`;
  return new AoError("E_DAEMON_RUNNING", `the ao daemon is already running (${who}) for ${home}`, {
    hint: "ao status shows it; stop it with: ao stop",
    details: { home, pid: info?.pid, port: info?.port },
  });
}
