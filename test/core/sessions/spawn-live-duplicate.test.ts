import { describe, expect, it } from "vitest";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";

describe("a spawn for an issue that already has a live session", () => {
  it("is refused when asked (the dashboard), naming the live one; started otherwise or once it ended", async () => {
    const f = makeSessionFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "Crash on empty input", body: "Steps: run it with no input." });
    const first = await spawnSession(f.ctx, { project: "app", issue: "#1", refuseIfIssueLive: true });
    expect(first).toMatchObject({ id: "app-1", issue: "1" });

    const refused = spawnSession(f.ctx, { project: "app", issue: "1", refuseIfIssueLive: true });
    await expect(refused).rejects.toMatchObject({
      code: "E_EXISTS",
      message: "issue 1 already has a live session: app-1",
      details: { issue: "1", sessions: ["app-1"] },
    });
    expect(f.events().filter((event) => event.type === "session.created")).toHaveLength(1);

    // Asked for on purpose (`ao spawn`, the page's "Start a second session"): a second one on its own branch.
    const second = await spawnSession(f.ctx, { project: "app", issue: "#1" });
    expect(second.branch).not.toBe(first.branch);

    await killSession(f.ctx, "app-1");
    await killSession(f.ctx, second.id);
    const again = await spawnSession(f.ctx, { project: "app", issue: "#1", refuseIfIssueLive: true });
    expect(again.issue).toBe("1");
  });
});
