import { describe, expect, it } from "vitest";
import { listSessionViews } from "../../../src/core/sessions/list-sessions.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

const OFFLINE = [
  "",
  " Unable to connect to Anthropic services",
  "",
  " Failed to connect to api.anthropic.com: ENOTFOUND",
  "\u001b[31m Please check your internet connection and network settings.\u001b[0m",
  "────────────────────────────────",
  " key in use: sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
  "",
].join("\n");

describe("why an agent ended, as the lifecycle cycle first sees it", () => {
  it("keeps its exit code and last lines (plain, redacted) with the session, once", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    const handle = f.runtime.processOf(session.id)!.handle;
    f.runtime.print(handle, OFFLINE);
    f.runtime.exit(handle, 1);
    f.clock.advance(1000);
    const seenAt = f.clock.now();
    await f.cycle();
    const lastLines = [
      " Unable to connect to Anthropic services",
      " Failed to connect to api.anthropic.com: ENOTFOUND",
      " Please check your internet connection and network settings.",
      " key in use: [redacted]",
    ];
    expect(f.session(session.id).exit).toEqual({ exitCode: 1, lastLines, seenAt });

    // Later sightings leave the first as it was: what it printed when it ended is what counts.
    f.runtime.print(handle, "something else entirely");
    f.clock.advance(1000);
    await f.cycle();
    expect(f.session(session.id).exit).toEqual({ exitCode: 1, lastLines, seenAt });
    expect(f.session(session.id).status).toBe("exited");
    expect(f.eventTypes(session.id)).toContain("lifecycle.exited");
    // What the agent printed stays with the session, out of the event feed.
    expect(JSON.stringify(f.eventTypes(session.id))).not.toContain("ENOTFOUND");

    const [view] = await listSessionViews(f.ctx, { ids: [session.id] });
    expect(view?.exit).toEqual({ exitCode: 1, lastLines, seenAt: new Date(seenAt).toISOString() });
  });

  it("records nothing while the agent runs", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession();
    await f.cycle();
    expect(f.session(session.id).exit).toBeNull();
  });
});
