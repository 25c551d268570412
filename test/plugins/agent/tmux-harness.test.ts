import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { harness } from "./tmux-harness.js";

/**
 * The harness the agent tmux tests share: a restart must keep the server (killing the only session
 * made it exit, and the next new-session raced that exit: "server exited unexpectedly"), and an
 * agent that exits at once must still leave its dead pane to read.
 */
describe("the agent tmux harness", () => {
  it("restarts the agent on the same server, which never exits in between", () => {
    const pane = harness(makeTempDir("ao-wt-"), makeTempDir("ao-home-"));
    pane.start({ argv: ["sleep", "30"], env: {} });
    const server = pane.serverPid();
    pane.start({ argv: ["sleep", "31"], env: {} });
    expect(pane.serverPid()).toBe(server);
    expect(pane.liveness()).toEqual({ state: "alive" });
  });

  it("keeps the pane of an agent that exits at once, with its exit code", async () => {
    const pane = harness(makeTempDir("ao-wt-"), makeTempDir("ao-home-"));
    pane.start({ argv: ["sh", "-c", "exit 3"], env: {} });
    for (let i = 0; i < 100 && pane.liveness().state === "alive"; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pane.liveness()).toEqual({ state: "exited", exitCode: 3 });
  });
});
