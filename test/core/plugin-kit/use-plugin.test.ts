import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useInstalledPlugin } from "../../../src/core/plugin-kit/use-plugin.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

function configFile(text: string): string {
  const file = join(makeTempDir("plugin-cmds-use-"), "agent-orchestrator.yaml");
  writeFileSync(file, text);
  return file;
}

const BASE = "# header\nprojects:\n  app:\n    path: /repo # here\n";

describe("useInstalledPlugin", () => {
  it("sets an unwritten defaults.<slot>, keeping comments", async () => {
    const file = configFile(BASE);
    expect(await useInstalledPlugin(file, "runtime", "ao-runtime-x", false)).toEqual({
      key: "defaults.runtime",
      value: "ao-runtime-x",
    });
    expect(readFileSync(file, "utf8")).toBe(`${BASE}defaults:\n  runtime: ao-runtime-x\n`);
  });

  it("replaces a written default only with use", async () => {
    const text = `${BASE}defaults:\n  agent: codex # ours\n`;
    const file = configFile(text);
    expect(await useInstalledPlugin(file, "agent", "ao-agent-x", false)).toBeUndefined();
    expect(readFileSync(file, "utf8")).toBe(text);
    await useInstalledPlugin(file, "agent", "ao-agent-x", true);
    expect(readFileSync(file, "utf8")).toBe(text.replace("codex", "ao-agent-x"));
  });

  it("starts an unwritten notifier list from the catalog's defaults", async () => {
    const file = configFile(BASE);
    const use = await useInstalledPlugin(file, "notifier", "ao-n", false, { notifiers: ["desktop"] });
    expect(use).toEqual({ key: "defaults.notifiers", value: ["desktop", "ao-n"] });
    expect(await useInstalledPlugin(file, "notifier", "ao-n", true)).toBeUndefined();
  });

  it("leaves trackers and scms to the projects", async () => {
    const file = configFile(BASE);
    expect(await useInstalledPlugin(file, "tracker", "ao-tracker-x", true)).toBeUndefined();
    expect(readFileSync(file, "utf8")).toBe(BASE);
  });
});
