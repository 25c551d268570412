import { AoError } from "../../../core/plugin-api.js";
import { capturePane, DEAD_PANE_LINE, dropTrailingBlanks } from "../tmux/capture-pane.js";
import { kubectlFailure, saidNotFound, type Kubectl } from "./kubectl.js";
import { AGENT_CONTAINER } from "./names.js";
import { getPod } from "./pod-api.js";
import { TMUX_SESSION } from "./pod-scripts.js";
import { containerRunning } from "./pod-status.js";
import { podTmuxClient } from "./pod-tmux.js";

/**
 * The session's screen: from the pane while the agent runs; once it ended, from the agent
 * container's log, where its first process printed the pane's last screen (pod-scripts.ts).
 */
export async function capturePod(kubectl: Kubectl, podName: string, lines: number): Promise<string> {
  const lookup = await getPod(kubectl, podName);
  if ("error" in lookup) throw new AoError("E_EXEC_FAILED", `cannot read pod ${podName}: ${lookup.error}`);
  if (lookup.pod === undefined) throw new AoError("E_NOT_FOUND", `pod ${podName} does not exist`);
  if (containerRunning(lookup.pod, AGENT_CONTAINER)) {
    return capturePane(podTmuxClient(kubectl, podName), TMUX_SESSION, lines);
  }
  const count = Math.max(1, Math.floor(lines));
  const result = await kubectl.run(["logs", podName, "-c", AGENT_CONTAINER]);
  if (saidNotFound(result)) throw new AoError("E_NOT_FOUND", `pod ${podName} does not exist`);
  if (result.failed) throw kubectlFailure(`read the log of pod ${podName}`, result);
  const all = result.stdout.split("\n").map((line) => line.trimEnd());
  dropTrailingBlanks(all);
  if (DEAD_PANE_LINE.test(all.at(-1) ?? "")) all.pop();
  dropTrailingBlanks(all);
  return all.slice(-count).join("\n");
}
