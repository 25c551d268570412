import { describe, expect, it } from "vitest";
import { listSessionViews } from "../../../src/core/sessions/list-sessions.js";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";

describe("why an agent ended, as `ao status` first sees it", () => {
  it("keeps the exit when listing finds it, shows it from then on, and a restore clears it", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    const handle = f.runtime.processOf(spawned.id)!.handle;
    const [running] = await listSessionViews(f.ctx);
    expect(running?.exit).toBeNull();
    expect(f.session(spawned.id).exit).toBeNull();

    f.runtime.print(handle, "Error: the model claude-2 was retired\n\n");
    f.runtime.exit(handle, 2);
    const [ended] = await listSessionViews(f.ctx);
    expect(ended?.exit).toMatchObject({ exitCode: 2, lastLines: ["Error: the model claude-2 was retired"] });
    expect(f.session(spawned.id).exit).toMatchObject({ exitCode: 2 });

    // The pane gone as well: what was kept is still shown.
    f.runtime.vanish(handle);
    const [gone] = await listSessionViews(f.ctx, { all: true });
    expect(gone?.runtime.liveness).toBe("missing");
    expect(gone?.exit).toMatchObject({ exitCode: 2, lastLines: ["Error: the model claude-2 was retired"] });

    await restoreSession(f.ctx, spawned.id);
    expect(f.session(spawned.id).exit).toBeNull();
    const [restored] = await listSessionViews(f.ctx);
    expect(restored?.exit).toBeNull();
  });
});
