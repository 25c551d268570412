import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { Liveness, Runtime, RuntimeHandle } from "../../src/core/slots/index.js";
import { eventually } from "./eventually.js";

export interface RuntimeSubject {
  runtime: Runtime;
  /** An existing directory sessions start in. */
  cwd: string;
  /**
   * A long-running program for one session that records every line it receives (readable through
   * `received`) and exits with code N on the line `exit N`. `recorderProgram` provides one.
   */
  program(sessionId: string): { argv: string[]; env: Record<string, string> };
  /** Everything the session's program received so far. */
  received(sessionId: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** The behaviour every runtime has; run it with `runtimeContract("tmux", makeSubject)`. */
export function runtimeContract(name: string, makeSubject: () => Promise<RuntimeSubject>): void {
  describe(`runtime contract: ${name}`, () => {
    let subject: RuntimeSubject;
    let counter = 0;
    const started: RuntimeHandle[] = [];

    async function start(): Promise<{ handle: RuntimeHandle; sessionId: string }> {
      subject = await makeSubject();
      return startAnother();
    }
    async function startAnother(): Promise<{ handle: RuntimeHandle; sessionId: string }> {
      counter += 1;
      const sessionId = `contract-${process.pid}-${counter}`;
      const handle = await subject.runtime.create({
        sessionId,
        cwd: subject.cwd,
        ...subject.program(sessionId),
      });
      started.push(handle);
      await eventually(
        async () => (await subject.runtime.liveness(handle)).state === "alive",
        "the session to run",
      );
      return { handle, sessionId };
    }
    const arrived = (sessionId: string, text: string) =>
      eventually(async () => (await subject.received(sessionId)).includes(text), `"${text}" to arrive`);

    afterEach(async () => {
      for (const handle of started.splice(0)) await subject.runtime.stop(handle);
      await subject.cleanup();
    });

    it("creates a running session whose handle is plain data naming the runtime", async () => {
      const { handle } = await start();
      expect(handle.runtime).toBe(name);
      expect(handle.id).not.toBe("");
      const stored = JSON.parse(JSON.stringify(handle)) as RuntimeHandle;
      expect(await subject.runtime.liveness(stored)).toEqual({ state: "alive" });
    });

    it("delivers text once and confirms it", async () => {
      const { handle, sessionId } = await start();
      const result = await subject.runtime.deliver(handle, "hello from the contract");
      expect(result).toMatchObject({ confirmed: true, submitted: true });
      expect(result.attempts).toBeGreaterThanOrEqual(1);
      await arrived(sessionId, "hello from the contract");
      expect((await subject.received(sessionId)).split("hello from the contract")).toHaveLength(2);
    });

    it("with confirm: false, delivers text once and submits it without waiting for a reaction", async () => {
      const { handle, sessionId } = await start();
      const result = await subject.runtime.deliver(handle, "no wait for this one", { confirm: false });
      expect(result.submitted).toBe(true);
      expect(result.attempts).toBe(1);
      if (!result.confirmed) expect(result.reason).toEqual(expect.any(String));
      // Submitted means the program gets the line: the text was not lost for want of waiting.
      await arrived(sessionId, "no wait for this one");
      expect((await subject.received(sessionId)).split("no wait for this one")).toHaveLength(2);
    });

    it("delivers multi-line text and shell metacharacters verbatim", async () => {
      const { handle, sessionId } = await start();
      const text = `first line $(touch pwned) \`id\` "quoted" 'single'\nsecond line; exit 0 && echo $HOME`;
      expect((await subject.runtime.deliver(handle, text)).confirmed).toBe(true);
      await arrived(sessionId, "second line; exit 0 && echo $HOME");
      expect(await subject.received(sessionId)).toContain(
        `first line $(touch pwned) \`id\` "quoted" 'single'`,
      );
      expect(await subject.runtime.liveness(handle)).toEqual({ state: "alive" });
    });

    it("captures the screen, when it can, with at most the requested lines", async () => {
      const { handle, sessionId } = await start();
      const capture = subject.runtime.capture?.bind(subject.runtime);
      if (!capture) return;
      for (const line of ["one", "two", "three"]) await subject.runtime.deliver(handle, `line ${line}`);
      await arrived(sessionId, "line three");
      await eventually(
        async () => (await capture(handle, { lines: 50 })).includes("line three"),
        "the screen",
      );
      const lastTwo = await capture(handle, { lines: 2 });
      expect(lastTwo.split("\n").length).toBeLessThanOrEqual(2);
    });

    it("attaches to the pane when it can: a screen, then keys reach the program; closing leaves it running", async () => {
      const { handle, sessionId } = await start();
      const attachPane = subject.runtime.attachPane?.bind(subject.runtime);
      if (!attachPane) return;
      const attachment = await attachPane(handle);
      const kinds: string[] = [];
      attachment.listen((event) => kinds.push(event.kind));
      attachment.requestScreen();
      await eventually(() => kinds.includes("screen"), "the screen");
      await attachment.write(new TextEncoder().encode("typed through the pane\r"));
      await arrived(sessionId, "typed through the pane");
      await attachment.close();
      expect(await subject.runtime.liveness(handle)).toEqual({ state: "alive" });
      await subject.runtime.stop(handle);
      const error: unknown = await attachPane(handle).catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });

    it("presses keys when it can: Enter submits an empty line, Escape is harmless, Ctrl-C ends a program that does not catch it", async () => {
      const { handle, sessionId } = await start();
      const press = subject.runtime.press?.bind(subject.runtime);
      if (!press) return;
      await subject.runtime.deliver(handle, "before enter");
      await arrived(sessionId, "before enter");
      await press(handle, "Enter");
      await subject.runtime.deliver(handle, "after enter");
      await arrived(sessionId, "after enter");
      expect(await subject.received(sessionId)).toContain("before enter\n\nafter enter");
      await press(handle, "Escape");
      expect(await subject.runtime.liveness(handle)).toEqual({ state: "alive" });
      await press(handle, "C-c");
      await eventually(
        async () => (await subject.runtime.liveness(handle)).state !== "alive",
        "Ctrl-C to end the program",
      );
      await subject.runtime.stop(handle);
      const error: unknown = await press(handle, "Enter").catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });

    it("reports a process that ended on its own as exited or missing, and an exited one can still be read", async () => {
      const { handle, sessionId } = await start();
      await subject.runtime.deliver(handle, "last words before exiting");
      await arrived(sessionId, "last words before exiting");
      await subject.runtime.deliver(handle, "exit 3");
      const liveness = await eventually(async () => {
        const probe = await subject.runtime.liveness(handle);
        return probe.state === "alive" ? undefined : probe;
      }, "the process to end");
      expect(["exited", "missing"]).toContain(liveness.state);
      if (liveness.state !== "exited") return;
      expect([3, null]).toContain(liveness.exitCode);
      // Core shows why an agent ended from what an exited session still shows (docs/sessions.md).
      const capture = subject.runtime.capture?.bind(subject.runtime);
      if (capture) expect(await capture(handle, { lines: 20 })).toContain("last words before exiting");
    });

    it("stops a session, and stopping again is fine", async () => {
      const { handle } = await start();
      await subject.runtime.stop(handle);
      expect(["exited", "missing"]).toContain((await subject.runtime.liveness(handle)).state);
      await expect(subject.runtime.stop(handle)).resolves.toBeUndefined();
    });

    it("refuses to deliver to a stopped session", async () => {
      const { handle } = await start();
      await subject.runtime.stop(handle);
      const error: unknown = await subject.runtime.deliver(handle, "anyone there?").catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });

    it("answers missing, not an error, for a session it never created", async () => {
      subject = await makeSubject();
      const unknown: RuntimeHandle = { runtime: name, id: `ao-contract-no-such-session-${process.pid}` };
      expect(await subject.runtime.liveness(unknown)).toEqual({ state: "missing" });
      await expect(subject.runtime.stop(unknown)).resolves.toBeUndefined();
    });

    it("answers a batch liveness probe like single probes, in order, when it can", async () => {
      const first = await start();
      const second = await startAnother();
      const livenessMany = subject.runtime.livenessMany?.bind(subject.runtime);
      if (!livenessMany) return;
      await subject.runtime.stop(second.handle);
      const unknown: RuntimeHandle = { runtime: name, id: `ao-contract-no-such-session-${process.pid}` };
      const answers = await livenessMany([second.handle, unknown, first.handle]);
      expect(answers).toHaveLength(3);
      expect(["exited", "missing"]).toContain(answers[0]?.state);
      expect(answers.slice(1).map(withoutPid)).toEqual([{ state: "missing" }, { state: "alive" }]);
      expect(await livenessMany([])).toEqual([]);
      // A pid, where the runtime gives one, is the agent's running process (ao measures its memory).
      const alive = answers[2];
      if (alive?.state === "alive" && alive.pid !== undefined) expect(isRunning(alive.pid)).toBe(true);
    });

    it("keeps sessions apart", async () => {
      const first = await start();
      const second = await startAnother();
      expect(second.handle.id).not.toBe(first.handle.id);
      await subject.runtime.deliver(first.handle, "only for the first");
      await arrived(first.sessionId, "only for the first");
      expect(await subject.received(second.sessionId)).not.toContain("only for the first");
      await subject.runtime.stop(first.handle);
      expect(await subject.runtime.liveness(second.handle)).toEqual({ state: "alive" });
    });
  });
}

/** A liveness answer without the optional pid, to compare with what any runtime answers. */
function withoutPid(answer: Liveness | undefined): Liveness | undefined {
  if (answer?.state !== "alive") return answer;
  return { state: "alive" };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
