import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Runtime, RuntimeHandle } from "../../../src/core/slots/index.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTmuxHome, type TmuxTestHome } from "../../helpers/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

const PASTE_ECHO = fileURLToPath(new URL("../../fixtures/bin/paste-echo.mjs", import.meta.url));

interface EchoSession extends TmuxTestHome {
  runtime: Runtime;
  handle: RuntimeHandle;
  out: string;
  events(): string[];
}

/** A session running the paste-echo fixture, once its prompt (and bracketed paste) is up. */
async function startEcho(
  fixtureArgs: string[] = [],
  options: Record<string, unknown> = {},
): Promise<EchoSession> {
  const home = makeTmuxHome();
  const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, tmuxRuntimeOptions.parse(options));
  const out = join(home.home, "received.bin");
  const argv = [process.execPath, PASTE_ECHO, "--out", out, ...fixtureArgs];
  const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv, env: {} });
  await eventually(
    async () => (await runtime.capture?.(handle, { lines: 5 }))?.startsWith(">"),
    "the prompt",
  );
  const events = () =>
    existsSync(`${out}.events`) ? readFileSync(`${out}.events`, "utf8").trim().split("\n") : [];
  return { ...home, runtime, handle, out, events };
}

const NASTY = [
  "plain words",
  "line one\nline two\n\nline four after a blank",
  `"double" 'single' \`backticks\` $(touch pwned) \${HOME} $HOME \\ back\\slash`,
  "-leading dash, like an option",
  "trailing semicolon;",
  "unicode: é ñ ß 日本語 한국어 ∑ → ✓ 🚀 e\u0301",
  "\ttabs\tinside\t",
  "  leading and trailing spaces  ",
];

describe("runtime/tmux: deliver", () => {
  it("delivers awkward text byte for byte, pasting each message once", async () => {
    const echo = await startEcho();
    for (const [index, text] of NASTY.entries()) {
      const result = await echo.runtime.deliver(echo.handle, text);
      expect(result, text).toMatchObject({ confirmed: true, attempts: 1 });
      await eventually(
        () => echo.events().filter((e) => e.startsWith("submit")).length === index + 1,
        "the submit",
      );
      expect(readFileSync(echo.out).equals(Buffer.from(text, "utf8")), text).toBe(true);
    }
    expect(echo.events().filter((e) => e.startsWith("paste"))).toHaveLength(NASTY.length);
    expect(existsSync(join(echo.home, "pwned"))).toBe(false);
    expect(echo.tmux(["list-buffers"])).toBe("");
  });

  it("delivers a 50 KB message whole", async () => {
    const echo = await startEcho();
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `line ${String(i).padStart(4, "0")} ${"x".repeat(40)}`,
    );
    const text = `${lines.join("\n")}\nthe very last line`;
    expect(text.length).toBeGreaterThan(50_000);
    expect(await echo.runtime.deliver(echo.handle, text)).toMatchObject({ confirmed: true });
    await eventually(() => echo.events().some((e) => e.startsWith("submit")), "the submit");
    expect(readFileSync(echo.out).equals(Buffer.from(text))).toBe(true);
    expect(echo.events().filter((e) => e.startsWith("paste"))).toHaveLength(1);
  });

  it("treats a collapsed '[Pasted text #1 +N lines]' as arrived", async () => {
    const echo = await startEcho(["--collapse-over", "3"]);
    const text = Array.from({ length: 20 }, (_, i) => `row ${String(i)}`).join("\n");
    expect(await echo.runtime.deliver(echo.handle, text)).toMatchObject({ confirmed: true, attempts: 1 });
    await eventually(() => echo.events().some((e) => e.startsWith("submit")), "the submit");
    expect(readFileSync(echo.out, "utf8")).toBe(text);
  });

  it("leaves copy mode before pasting", async () => {
    const echo = await startEcho();
    echo.tmux(["copy-mode", "-t", "=ao-1:0.0"]);
    expect(echo.tmux(["display-message", "-p", "-t", "=ao-1:0.0", "#{pane_in_mode}"]).trim()).toBe("1");
    expect(await echo.runtime.deliver(echo.handle, "after copy mode")).toMatchObject({ confirmed: true });
    await eventually(() => existsSync(echo.out), "the submit");
    expect(readFileSync(echo.out, "utf8")).toBe("after copy mode");
  });

  it("presses Enter again when the first one is ignored, and never pastes twice", async () => {
    const echo = await startEcho(["--ignore-enters", "1"], { submitConfirmMs: 1000 });
    const result = await echo.runtime.deliver(echo.handle, "second time lucky");
    expect(result.confirmed).toBe(true);
    expect(result.attempts).toBeGreaterThan(1);
    await eventually(() => existsSync(echo.out), "the submit");
    expect(readFileSync(echo.out, "utf8")).toBe("second time lucky");
    expect(echo.events().filter((e) => e.startsWith("paste"))).toEqual([
      `paste ${String("second time lucky".length)}`,
    ]);
    expect(echo.events()).toContain("ignored-enter");
  });

  it("with confirm: false presses Enter once and returns, even when the agent ignores it", async () => {
    const echo = await startEcho(["--ignore-enters", "1"], { submitConfirmMs: 1000 });
    const result = await echo.runtime.deliver(echo.handle, "no second Enter", { confirm: false });
    expect(result).toMatchObject({ confirmed: false, submitted: true, attempts: 1 });
    expect(result.reason).toContain("not checked");
    await eventually(() => echo.events().includes("ignored-enter"), "the Enter");
    // The text is pasted and waiting; a person (or a later send) presses Enter, ao does not.
    expect(echo.events().filter((e) => e.startsWith("paste"))).toEqual([
      `paste ${String("no second Enter".length)}`,
    ]);
    expect(existsSync(echo.out)).toBe(false);
  });

  it("submit presses Enter once, submitting text left pasted in the input box, and pastes nothing", async () => {
    const echo = await startEcho(["--ignore-enters", "1"], { submitConfirmMs: 1000 });
    await echo.runtime.deliver(echo.handle, "left waiting", { confirm: false });
    await eventually(() => echo.events().includes("ignored-enter"), "the ignored Enter");
    expect(existsSync(echo.out)).toBe(false);
    await echo.runtime.submit?.(echo.handle);
    await eventually(() => echo.events().some((e) => e.startsWith("submit")), "the submit");
    expect(readFileSync(echo.out, "utf8")).toBe("left waiting");
    expect(echo.events().filter((e) => e.startsWith("paste"))).toHaveLength(1);
  });

  it("with confirm: false still does not press Enter when the pasted text never shows", async () => {
    const home = makeTmuxHome();
    const options = tmuxRuntimeOptions.parse({ deliverTimeoutMs: 500 });
    const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, options);
    const argv = ["sh", "-c", "stty -echo; echo ready; exec sleep 600"];
    const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv, env: {} });
    await eventually(
      async () => (await runtime.capture?.(handle, { lines: 5 }))?.includes("ready"),
      "the program",
    );
    const result = await runtime.deliver(handle, "into the void", { confirm: false });
    expect(result).toMatchObject({ confirmed: false, submitted: false, attempts: 0 });
  });

  it("does not press Enter when the pasted text never shows", async () => {
    const home = makeTmuxHome();
    const options = tmuxRuntimeOptions.parse({ deliverTimeoutMs: 500 });
    const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, options);
    const argv = ["sh", "-c", "stty -echo; echo ready; exec sleep 600"];
    const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv, env: {} });
    await eventually(
      async () => (await runtime.capture?.(handle, { lines: 5 }))?.includes("ready"),
      "the program",
    );
    const result = await runtime.deliver(handle, "into the void");
    expect(result).toMatchObject({ confirmed: false, attempts: 0 });
    expect(result.reason).toContain("did not show");
  });

  it("refuses to deliver to a pane whose program has exited", async () => {
    const home = makeTmuxHome();
    const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, tmuxRuntimeOptions.parse({}));
    const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv: ["true"], env: {} });
    await eventually(async () => (await runtime.liveness(handle)).state === "exited", "the exit");
    await expect(runtime.deliver(handle, "hello?")).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });
});
