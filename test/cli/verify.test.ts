import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("ao verify records a verdict on the tracker", () => {
  it("closes the issue with a comment", async () => {
    const f = makeCliFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "Fix it", body: "b" });
    const run = await f.ao(["verify", "1", "--comment", "checked on staging", "--json"]);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      verdict: "verified",
      issue: { id: "1", state: "closed" },
    });
    expect(f.tracker.comments.get("1")).toEqual(["checked on staging"]);
  });

  it("--fail reopens a closed issue", async () => {
    const f = makeCliFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "Fix it", body: "b", state: "closed" });
    const run = await f.ao(["verify", "1", "--fail"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("1 failed: state open\n");
    expect(f.tracker.comments.get("1")?.[0]).toMatch(/Verification failed/);
  });
});
