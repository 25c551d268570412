import { stat } from "node:fs/promises";
import type { Runtime } from "../slots/index.js";

/**
 * Whether a live session's host checkout is gone (deleted behind ao's back while its agent runs):
 * only a path that does not exist counts. A runtime whose checkout lives inside the session
 * (`remote.checkout === "session"`, a pod) is not asked here: its agent does not work in the host
 * path. Any other failure to look (permissions) is not read as "gone".
 */
export async function checkoutGone(runtime: Runtime, worktree: string): Promise<boolean> {
  if (runtime.remote?.checkout === "session") return false;
  try {
    await stat(worktree);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
}
