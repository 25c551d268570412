import { describe, expect, it } from "vitest";
import { FULL_LOOK_MS } from "../../../src/core/sessions/look-memory.js";
import type { CaptureOptions, Liveness, RuntimeHandle } from "../../../src/core/slots/index.js";
import { FakeAgent } from "../../fakes/agent.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";

/**
 * A runtime that stamps its screens as tmux does (`Liveness.screenStamp`): the stamp changes with
 * every print, and each capture is counted per session.
 */
class StampedRuntime extends FakeRuntime {
  readonly captures = new Map<string, number>();
  private readonly versions = new Map<string, number>();

  override async livenessMany(handles: readonly RuntimeHandle[]): Promise<Liveness[]> {
    const answers = await super.livenessMany(handles);
    return answers.map((answer, index) => {
      const id = handles[index]!.id;
      return answer.state === "alive" ? { ...answer, screenStamp: `v${this.versions.get(id) ?? 0}` } : answer;
    });
  }

  override capture(handle: RuntimeHandle, options: CaptureOptions): Promise<string> {
    const session = this.process(handle).input.sessionId;
    this.captures.set(session, (this.captures.get(session) ?? 0) + 1);
    return super.capture(handle, options);
  }

  override print(handle: RuntimeHandle, text: string): void {
    super.print(handle, text);
    this.versions.set(handle.id, (this.versions.get(handle.id) ?? 0) + 1);
  }

  count(sessionId: string): number {
    return this.captures.get(sessionId) ?? 0;
  }
}

/** A StampedRuntime that also reads many screens in one call, counting the calls and their sizes. */
class BatchingRuntime extends StampedRuntime {
  readonly batches: number[] = [];

  async captureMany(
    handles: readonly RuntimeHandle[],
    options: CaptureOptions,
  ): Promise<(string | undefined)[]> {
    this.batches.push(handles.length);
    return Promise.all(handles.map((handle) => FakeRuntime.prototype.capture.call(this, handle, options)));
  }
}

class LimitReadingAgent extends FakeAgent {
  recognizeLimit(): null {
    return null;
  }
}

function handleOf(session: { runtimeHandle: unknown }): RuntimeHandle {
  return session.runtimeHandle as RuntimeHandle;
}

function stampedFixture() {
  const runtime = new StampedRuntime();
  return { f: makeLifecycleFixture({ runtime }), runtime };
}

describe("a steady cycle (issue 29)", () => {
  it("does not read again the screen of a session whose stamp is unchanged", async () => {
    const { f, runtime } = stampedFixture();
    const quiet = await f.addSession();
    const busy = await f.addSession();
    await f.cycle();
    const first = { quiet: runtime.count(quiet.id), busy: runtime.count(busy.id) };
    expect(first.quiet).toBeGreaterThan(0);
    runtime.print(handleOf(busy), "Do you want to proceed?");
    f.clock.advance(30_000);
    await f.cycle();
    expect(runtime.count(quiet.id)).toBe(first.quiet);
    expect(runtime.count(busy.id)).toBeGreaterThan(first.busy);
  });

  it("still sees what a changed screen says, and keeps deciding the unchanged ones", async () => {
    const { f, runtime } = stampedFixture();
    const session = await f.addSession();
    f.agent.setActivity(session.id, undefined);
    runtime.print(handleOf(session), "? for shortcuts");
    await f.cycle();
    expect(f.session(session.id).activity).toBe("idle");
    f.clock.advance(30_000);
    await f.cycle();
    expect(f.session(session.id).activity).toBe("idle");
    runtime.print(handleOf(session), "Do you want to make this edit?");
    f.clock.advance(30_000);
    await f.cycle();
    expect(f.session(session.id).activity).toBe("needs_input");
  });

  it("looks afresh once the memory's time bound passed, and in a cycle asked for the session", async () => {
    const { f, runtime } = stampedFixture();
    const session = await f.addSession();
    await f.cycle();
    const first = runtime.count(session.id);
    f.clock.advance(FULL_LOOK_MS - 1_000);
    await f.cycle();
    expect(runtime.count(session.id)).toBe(first);
    f.clock.advance(2_000);
    await f.cycle();
    const afterBound = runtime.count(session.id);
    expect(afterBound).toBeGreaterThan(first);
    f.clock.advance(1_000);
    await f.cycle({ sessionIds: [session.id] });
    expect(runtime.count(session.id)).toBeGreaterThan(afterBound);
  });

  it("reads each screen once per look, however many lines the cycle's readers ask for", async () => {
    const runtime = new StampedRuntime();
    // An agent that recognizes usage limits: the cycle's limit watch reads the end of the screen
    // (15 lines) before the probe reads more of it (60 lines).
    const f = makeLifecycleFixture({ runtime, agent: new LimitReadingAgent() });
    const session = await f.addSession();
    runtime.print(handleOf(session), "working on it");
    await f.cycle();
    expect(runtime.count(session.id)).toBe(1);
    f.clock.advance(FULL_LOOK_MS + 1_000);
    await f.cycle();
    expect(runtime.count(session.id)).toBe(2);
  });

  it("reads the screens a look needs in one call when the runtime can (captureMany)", async () => {
    const runtime = new BatchingRuntime();
    const f = makeLifecycleFixture({ runtime, agent: new LimitReadingAgent() });
    const sessions = [await f.addSession(), await f.addSession(), await f.addSession()];
    await f.cycle();
    expect(runtime.batches).toEqual([3]);
    f.clock.advance(30_000);
    await f.cycle();
    expect(runtime.batches).toEqual([3]);
    f.clock.advance(FULL_LOOK_MS);
    await f.cycle();
    expect(runtime.batches).toEqual([3, 3]);
    expect(sessions.map((session) => runtime.count(session.id))).toEqual([0, 0, 0]);
  });

  it("a new engine (ao status --refresh, a restarted daemon) remembers nothing", async () => {
    const { f, runtime } = stampedFixture();
    const session = await f.addSession();
    await f.cycle();
    const first = runtime.count(session.id);
    await f.open();
    await f.cycle();
    expect(runtime.count(session.id)).toBeGreaterThan(first);
  });
});
