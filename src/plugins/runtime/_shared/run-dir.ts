import { join } from "node:path";
import type { AoPaths } from "../../../core/plugin-api.js";

/** AO_HOME/run: short-lived per-session files (the env hand-off, input pipes, exit codes); 0700. */
export function runDir(paths: AoPaths): string {
  return join(paths.home, "run");
}
