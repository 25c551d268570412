import { describe, expect, it } from "vitest";
import { FakeRuntime } from "../fakes/runtime.js";
import { makeCliFixture, type CliFixture } from "../core/sessions/cli-fixture.js";

const MULTILINE = 'first line; rm -rf / `id` $(whoami)\n  second "line" | & > <\n';

/** A project on the hooked fake agent whose turns start on delivery and end as `finish` says, a moment later. */
function hookedCli(finish: (sessionId: string) => Parameters<CliFixture["hooked"]["hook"]>[1] | undefined) {
  const runtime = new FakeRuntime({
    program: (_text, process) => {
      const id = process.input.sessionId;
      f.hooked.hook(id, { type: "start" });
      const end = finish(id);
      if (end !== undefined) setTimeout(() => f.hooked.hook(id, end), 50);
    },
  });
  const f = makeCliFixture({ runtime });
  f.writeConfig("agent: hooked");
  return f;
}

describe("ao send", () => {
  it("sends words, a file or stdin, and exits 0 once the delivery is confirmed, naming the turn", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    const sent = await f.ao(["send", "app-1", "run", "the", "tests"]);
    expect(sent.exitCode).toBe(0);
    expect(sent.stderr).toContain("app-1: t-2: delivered 13 bytes, confirmed (submit pressed 1×)");
    const piped = await f.ao(["send", "app-1", "--json"], { stdin: MULTILINE });
    expect(piped.exitCode).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({
      session: "app-1",
      turn: { id: "t-3", status: "running", origin: "cli" },
      confirmed: true,
      bytes: Buffer.byteLength(MULTILINE),
    });
    expect(f.runtime.processOf("app-1")?.transcript).toEqual(["run the tests", MULTILINE]);
  });

  it("exits 1 when the delivery is not confirmed, and names the session when it does not exist", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    f.runtime.processOf("app-1")!.unresponsive = true;
    const unconfirmed = await f.ao(["send", "app-1", "hello"]);
    expect(unconfirmed.exitCode).toBe(1);
    expect(unconfirmed.stderr).toContain(
      "error: the message to app-1 (t-2) was not delivered: the message was pasted but not confirmed",
    );
    const missing = await f.ao(["send", "app-7", "hello"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("error: no session app-7");
  });

  it("--no-wait exits 0 once the text is submitted, saying what was not confirmed", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    // Once its task's turn ended (without waiting, the message would be queued behind it): the
    // screen-observed fake showed nothing for it.
    const task = await f.ao(["turns", "wait", "t-1"]);
    expect(task.stderr).toContain("app-1: t-1 ended empty");
    f.runtime.processOf("app-1")!.unresponsive = true;
    const sent = await f.ao(["send", "app-1", "--no-wait", "run", "the", "tests"]);
    expect(sent.exitCode).toBe(0);
    expect(sent.stderr).toContain(
      "app-1: t-2: delivered 13 bytes and pressed Enter once; not confirmed that the agent started on it (--no-wait)",
    );
    expect(f.runtime.deliveries.at(-1)).toEqual({ confirm: false });
  });

  it("--no-wait behind an open turn leaves the new turn queued, says so, and pastes nothing", async () => {
    const f = hookedCli(() => undefined);
    await f.ao(["spawn", "app", "Fix it"]);
    expect((await f.ao(["send", "app-1", "first"])).exitCode).toBe(0);
    const json = await f.ao(["send", "app-1", "--no-wait", "--json", "again"]);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      turn: { id: "t-3", status: "queued" },
      queuedBehind: "t-2",
      waited: false,
    });
    const text = await f.ao(["send", "app-1", "--no-wait", "and again"]);
    expect(text.stderr).toContain(
      "app-1: t-4 queued behind t-2; the daemon (`ao start`) delivers it once that turn ends",
    );
    expect(f.runtime.processOf("app-1")?.transcript).toEqual(["first"]);
  });

  it("--wait prints the reply alone on stdout and exits 0 when the turn completed", async () => {
    const f = hookedCli(() => ({ type: "stop", reply: "The tests pass." }));
    await f.ao(["spawn", "app", "Fix it"]);
    const waited = await f.ao(["send", "app-1", "--wait", "run the tests"]);
    expect(waited).toMatchObject({ exitCode: 0, stdout: "The tests pass.\n" });
    expect(waited.stderr).toContain("app-1: t-2 completed (reply from the hook)");
    const json = await f.ao(["send", "app-1", "--wait", "--json", "again"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      turn: { id: "t-3", status: "completed", reply: "The tests pass." },
    });
  });

  it("--wait exits 1 naming the turn when it ended empty, failed or did not end in time", async () => {
    let next: Parameters<CliFixture["hooked"]["hook"]>[1] | undefined = { type: "stop", reply: "" };
    const f = hookedCli(() => next);
    await f.ao(["spawn", "app", "Fix it"]);
    const empty = await f.ao(["send", "app-1", "--wait", "say nothing"]);
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain("error: app-1: t-2 ended empty: the agent replied nothing");
    next = { type: "fail", error: "Invalid API key · Please run /login" };
    const failed = await f.ao(["send", "app-1", "--wait", "--json", "try"]);
    expect(failed.exitCode).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({
      error: { code: "E_TURN_FAILED", details: { turn: { id: "t-3", status: "failed" } } },
    });
    next = undefined;
    const late = await f.ao(["send", "app-1", "--wait", "--timeout", "0s", "slow"]);
    expect(late.exitCode).toBe(1);
    expect(late.stderr).toContain("t-4 is still running at the timeout");
    expect(late.stderr).toContain("`ao turns wait t-4` waits again");
    const bad = await f.ao(["send", "app-1", "--timeout", "soon", "x"]);
    expect(bad).toMatchObject({ exitCode: 2 });
    expect(bad.stderr).toContain('--timeout "soon" is not a duration');
  });

  it("documents --wait, --no-wait and --timeout in its help", async () => {
    const f = makeCliFixture();
    const help = await f.ao(["send", "--help"]);
    expect(help.stdout).toContain("--wait");
    expect(help.stdout).toContain("--no-wait");
    expect(help.stdout).toContain("--timeout <duration>");
    expect(help.stdout.replace(/\s+/g, " ")).toContain("else leave the turn queued for the daemon");
  });
});

describe("ao turns", () => {
  it("lists a session's turns and shows one with its reply, catching open ones up first", async () => {
    const f = hookedCli(() => undefined);
    await f.ao(["spawn", "app", "Fix it"]);
    await f.ao(["send", "app-1", "first question"]);
    f.hooked.hook("app-1", { type: "stop", reply: "First answer.\nSecond line." });
    const listed = await f.ao(["turns", "app-1"]);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toMatch(/^TURN\s+ORIGIN\s+STATUS\s+QUEUED\s+TOOK\s+REPLY/);
    expect(listed.stdout).toMatch(/t-2\s+cli\s+completed/);
    const json = JSON.parse((await f.ao(["turns", "app-1", "--json"])).stdout) as { turns: unknown[] };
    // t-1 is the task the agent was started with (origin spawn), which it ended before.
    expect(json).toMatchObject({
      session: "app-1",
      turns: [
        { id: "t-1", origin: "spawn", status: "completed" },
        { id: "t-2", status: "completed", replyBytes: 26 },
      ],
    });
    const shownJson = JSON.parse((await f.ao(["turns", "show", "t-2", "--json"])).stdout) as object;
    expect(shownJson).toMatchObject({ id: "t-2", reply: "First answer.\nSecond line.", replySource: "hook" });
    const shown = await f.ao(["turns", "show", "t-2"]);
    expect(shown.stdout).toBe("First answer.\nSecond line.\n");
    expect(shown.stderr).toContain("app-1: t-2 completed (reply from the hook)");
    const missing = await f.ao(["turns", "show", "t-10"]);
    expect(missing).toMatchObject({ exitCode: 1 });
    expect(missing.stderr).toContain("error: no turn t-10");
    expect((await f.ao(["turns", "app-9"])).stderr).toContain("error: no session app-9");
  });

  it("waits for a turn again (ao turns wait) and has help for every subcommand", async () => {
    const f = hookedCli(() => ({ type: "stop", reply: "late reply" }));
    await f.ao(["spawn", "app", "Fix it"]);
    await f.ao(["send", "app-1", "go"]);
    const waited = await f.ao(["turns", "wait", "t-2", "--timeout", "30s"]);
    expect(waited).toMatchObject({ exitCode: 0, stdout: "late reply\n" });
    for (const args of [["turns"], ["turns", "show"], ["turns", "wait"], ["session", "interrupt"]]) {
      const help = await f.ao([...args, "--help"]);
      expect(help.stdout).toContain("--json");
    }
  });
});

describe("ao session interrupt", () => {
  it("presses the agent's interrupt key, says the agent is idle and the turn interrupted", async () => {
    const runtime = new FakeRuntime({
      program: (_text, process) => {
        f.hooked.hook(process.input.sessionId, { type: "start" });
        runtime.print(process.handle, "✻ Working… (esc to interrupt)");
      },
      onKey: (key, process) => {
        process.screen.length = 0;
        runtime.print(process.handle, "❯ \n  ? for shortcuts");
      },
    });
    const f = makeCliFixture({ runtime });
    f.writeConfig("agent: hooked");
    await f.ao(["spawn", "app", "Fix it"]);
    await f.ao(["send", "app-1", "a long job"]);
    const stopped = await f.ao(["session", "interrupt", "app-1"]);
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stderr).toContain("app-1: t-2 interrupted (pressed Escape); the agent is idle");
    const json = await f.ao(["session", "interrupt", "app-1", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ session: "app-1", idle: true, keys: [], turn: null });
  });
});
