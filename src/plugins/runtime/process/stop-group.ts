import { checkProcess, signalProcessGroup } from "../../../core/plugin-api.js";
import { pollUntil, type Waits } from "../_shared/poll-until.js";

/**
 * SIGTERM to the launcher's process group (it was started detached, so its pid is the group id and
 * the agent and whatever it spawned are in it), SIGKILL after the grace period. The launcher exits
 * only after the agent has, so "launcher gone" means "agent gone"; a last SIGKILL to the group then
 * takes out anything the agent left behind.
 */
export async function stopProcessGroup(
  pid: number,
  startTime: string,
  graceMs: number,
  waits: Waits,
): Promise<void> {
  const gone = () => Promise.resolve(checkProcess(pid, startTime).kind === "same" ? undefined : true);
  signalProcessGroup(pid, "SIGTERM");
  if ((await pollUntil(gone, { timeoutMs: graceMs, intervalMs: 50 }, waits)) === undefined) {
    signalProcessGroup(pid, "SIGKILL");
    await pollUntil(gone, { timeoutMs: 5_000, intervalMs: 50 }, waits);
  }
  signalProcessGroup(pid, "SIGKILL");
}
