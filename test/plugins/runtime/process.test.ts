import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Runtime, RuntimeCreateInput, RuntimeHandle } from "../../../src/core/slots/index.js";
import { createProcessRuntime } from "../../../src/plugins/runtime/process.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { processRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

const started: { runtime: Runtime; handle: RuntimeHandle }[] = [];

afterEach(async () => {
  for (const { runtime, handle } of started.splice(0)) await runtime.stop(handle);
});

function setup(options: Record<string, unknown> = {}) {
  const ctx = makeTestContext();
  const work = makeTempDir("ao-process-work-");
  const runtime = createProcessRuntime({ ...ctx, baseDir: work }, processRuntimeOptions.parse(options));
  const create = async (input: Partial<RuntimeCreateInput> & { argv: string[] }) => {
    const handle = await runtime.create({ sessionId: "app-1", cwd: work, env: {}, ...input });
    started.push({ runtime, handle });
    return handle;
  };
  return { ctx, work, runtime, create };
}

const exited = (runtime: Runtime, handle: RuntimeHandle) =>
  eventually(async () => {
    const now = await runtime.liveness(handle);
    return now.state === "alive" ? undefined : now;
  }, "the process to end");

/** A stdin-to-file copier: what the agent's stdin received, byte for byte. */
const COPY_STDIN =
  "process.stdin.on('data', (chunk) => require('fs').appendFileSync(process.argv[1], chunk))";

function processState(pid: number): string {
  try {
    return (
      readFileSync(`/proc/${String(pid)}/stat`, "utf8")
        .split(") ")[1]
        ?.slice(0, 1) ?? "gone"
    );
  } catch {
    return "gone";
  }
}

describe("runtime/process", () => {
  it("records the exit code of a command that exits at once", async () => {
    const { runtime, create } = setup();
    const handle = await create({ argv: ["sh", "-c", "exit 3"] });
    expect(await exited(runtime, handle)).toEqual({ state: "exited", exitCode: 3 });
  });

  it("reports a program that cannot start as exited with 127, and says why in the log", async () => {
    const { ctx, runtime, create } = setup();
    const handle = await create({ argv: ["/nonexistent/agent"] });
    expect(await exited(runtime, handle)).toEqual({ state: "exited", exitCode: 127 });
    expect(readFileSync(join(ctx.paths.logs, "sessions", "app-1.log"), "utf8")).toContain(
      "cannot start /nonexistent/agent",
    );
  });

  it("tells whether the session is alive from a stored handle, after an ao restart", async () => {
    const { ctx, work, create } = setup();
    const handle = await create({ argv: ["sleep", "600"] });
    const stored = JSON.parse(JSON.stringify(handle)) as RuntimeHandle;
    const restarted = createProcessRuntime({ ...ctx, baseDir: work }, processRuntimeOptions.parse({}));
    expect(await restarted.liveness(stored)).toEqual({ state: "alive" });
  });

  it("does not mistake a recycled pid for the agent", async () => {
    const { runtime } = setup();
    const recycled: RuntimeHandle = {
      runtime: "process",
      id: "app-9",
      data: { pid: String(process.pid), startTime: "1" },
    };
    expect(await runtime.liveness(recycled)).toEqual({ state: "missing" });
    await runtime.stop(recycled);
    expect(processState(process.pid)).not.toBe("gone");
  });

  it("reports missing when the launcher was killed without a word", async () => {
    const { runtime, create } = setup();
    const handle = await create({ argv: ["sleep", "600"] });
    process.kill(-Number(handle.data?.["pid"]), "SIGKILL");
    expect(await exited(runtime, handle)).toEqual({ state: "missing" });
  });

  it("delivers text byte for byte through the input pipe, a newline submitting it", async () => {
    const { runtime, create, work } = setup();
    const out = join(work, "stdin.bin");
    const handle = await create({ argv: [process.execPath, "-e", COPY_STDIN, out] });
    const texts = [
      "line one\nline two",
      `"double" 'single' \`backticks\` $(touch pwned) $HOME;`,
      "-leading dash",
      "unicode: é 日本語 🚀",
      `${"x".repeat(300 * 1024)}end`,
    ];
    let expected = "";
    for (const text of texts) {
      expect(await runtime.deliver(handle, text)).toEqual({ confirmed: true, submitted: true, attempts: 1 });
      expected += `${text}\n`;
    }
    const want = Buffer.from(expected, "utf8");
    await eventually(() => existsSync(out) && readFileSync(out).length >= want.length, "the input");
    expect(readFileSync(out).equals(want)).toBe(true);
    expect(existsSync(join(work, "pwned"))).toBe(false);
  });

  it("passes env to the process without writing it to the log", async () => {
    const { ctx, runtime, create, work } = setup();
    const out = join(work, "env.json");
    const script =
      "require('fs').writeFileSync(process.argv[1], JSON.stringify(process.env.AO_TEST_SECRET)); setInterval(() => {}, 1000)";
    const handle = await create({
      argv: [process.execPath, "-e", script, out],
      env: { AO_TEST_SECRET: "s3cret value" },
    });
    const report = await eventually(
      () => (existsSync(out) ? readFileSync(out, "utf8") : ""),
      "the env report",
    );
    expect(JSON.parse(report)).toBe("s3cret value");
    expect(readFileSync(join(ctx.paths.logs, "sessions", "app-1.log"), "utf8")).not.toContain("s3cret");
    expect(await runtime.liveness(handle)).toEqual({ state: "alive" });
  });

  it("captures the tail of the session log", async () => {
    const { runtime, create } = setup();
    const handle = await create({
      argv: ["sh", "-c", "for i in 1 2 3 4 5; do echo out-$i; done; printf '\\n\\n'; sleep 600"],
    });
    const text = await eventually(async () => {
      const tail = await runtime.capture?.(handle, { lines: 2 });
      return tail === "out-4\nout-5" ? tail : undefined;
    }, "the log");
    expect(text).toBe("out-4\nout-5");
  });

  it("still shows what an agent printed once it exited, stderr included", async () => {
    const { runtime, create } = setup();
    const handle = await create({
      argv: ["sh", "-c", "echo starting; echo 'error: no route to the service' >&2; exit 1"],
    });
    const liveness = await eventually(async () => {
      const now = await runtime.liveness(handle);
      return now.state === "exited" ? now : undefined;
    }, "the exit");
    expect(liveness).toEqual({ state: "exited", exitCode: 1 });
    expect(await runtime.capture?.(handle, { lines: 5 })).toBe("starting\nerror: no route to the service");
  });

  it("stops an agent that ignores SIGTERM with SIGKILL, and everything it started", async () => {
    const { runtime, create, work } = setup({ stopGraceMs: 300 });
    const pids = join(work, "pids");
    const script = `trap '' TERM; sleep 600 & echo "$$ $!" > '${pids}'; wait; wait`;
    const handle = await create({ argv: ["sh", "-c", script] });
    await eventually(() => existsSync(pids) && readFileSync(pids, "utf8").includes(" "), "the pids");
    const [shell, child] = readFileSync(pids, "utf8").trim().split(" ").map(Number) as [number, number];
    await runtime.stop(handle);
    expect(await runtime.liveness(handle)).toEqual({ state: "missing" });
    await eventually(
      () => ["gone", "Z"].includes(processState(shell)) && ["gone", "Z"].includes(processState(child)),
      "the group to die",
    );
    await expect(runtime.stop(handle)).resolves.toBeUndefined();
  });

  it("refuses a second session with the id of a running one, and a deliver to an exited one", async () => {
    const { runtime, create } = setup();
    await create({ argv: ["sleep", "600"] });
    await expect(create({ argv: ["sleep", "600"] })).rejects.toMatchObject({ code: "E_EXISTS" });
    const done = await create({ sessionId: "app-2", argv: ["true"] });
    await exited(runtime, done);
    await expect(runtime.deliver(done, "hello?")).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });
});
