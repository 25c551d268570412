import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Exec } from "../../../src/core/plugin-api.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTmuxHome } from "../../helpers/tmux.js";

const PASTE_ECHO = fileURLToPath(new URL("../../fixtures/bin/paste-echo.mjs", import.meta.url));

/**
 * ao killed in the middle of a paste (issue 25's delivery fault test found it): the tmux calls it
 * made before it died ran, nothing after them. The message must not stay behind in a paste buffer
 * of the server, unpasted, where only a person's paste key would ever find it.
 */
describe("runtime/tmux: a delivery whose ao dies right after handing tmux the message", () => {
  it("leaves no paste buffer: the text was loaded and pasted in one go", async () => {
    const home = makeTmuxHome();
    let dead = false;
    // The process "dies" once a tmux call that loaded the message returned: nothing runs after it.
    const exec: Exec = async (command, args, options) => {
      if (dead) return new Promise(() => undefined);
      const result = await home.ctx.exec(command, args, options);
      if (args.includes("load-buffer")) dead = true;
      return dead ? new Promise(() => undefined) : result;
    };
    const ctx = { ...home.ctx, exec, baseDir: home.home };
    const runtime = createTmuxRuntime(ctx, tmuxRuntimeOptions.parse({}));
    const out = join(home.home, "received.bin");
    const argv = [process.execPath, PASTE_ECHO, "--out", out];
    const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv, env: {} });
    await eventually(
      async () => (await runtime.capture?.(handle, { lines: 5 }))?.startsWith(">"),
      "the prompt",
    );

    void runtime.deliver(handle, "the message, never submitted");
    await eventually(() => dead, "the paste");
    expect(home.tmux(["list-buffers", "-F", "#{buffer_name}"])).toBe("");
    const events = () => (existsSync(`${out}.events`) ? readFileSync(`${out}.events`, "utf8") : "");
    await eventually(() => events().includes("paste"), "the text in the agent's input");
    expect(events()).not.toContain("submit");
  });
});
