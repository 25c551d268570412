import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { sessionTerminal } from "../../../src/core/sessions/session-terminal.js";
import type { Terminal } from "../../../src/core/slots/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext } from "../../helpers/test-context.js";

/** A terminal that says which one it is and with which options it was made. */
function namedTerminal(name: string) {
  return () =>
    Promise.resolve(
      definePlugin({
        slot: "terminal",
        name,
        description: `the ${name} terminal`,
        options: z.strictObject({ newWindow: z.boolean().default(false) }),
        create: (options) =>
          ({ open: () => Promise.resolve({}), name, newWindow: options.newWindow }) as unknown as Terminal,
      }),
    );
}

function world(yaml: string | undefined) {
  const dir = makeTempDir("ao-config-");
  if (yaml !== undefined) writeFileSync(join(dir, "agent-orchestrator.yaml"), yaml);
  const catalog = {
    ...defaultsOnlyCatalog(),
    terminal: {
      "tmux-attach": namedTerminal("tmux-attach"),
      web: namedTerminal("web"),
      iterm: namedTerminal("iterm"),
    },
  };
  return makeTestContext({ catalog, cwd: dir, env: { HOME: dir, AO_CONFIG_PATH: undefined } });
}

const which = (terminal: Terminal) => terminal as unknown as { name: string; newWindow: boolean };

describe("the terminal `ao session attach` opens", () => {
  const YAML = [
    "defaults:",
    "  terminal: web",
    "projects:",
    "  app:",
    "    path: .",
    "    terminal: { plugin: iterm, newWindow: true }",
    "  docs:",
    "    path: .",
    "",
  ].join("\n");

  it("is the session's project's terminal with its options, else defaults.terminal", async () => {
    const ctx = world(YAML);
    expect(which(await sessionTerminal(ctx, "app", {}))).toMatchObject({
      name: "iterm",
      newWindow: true,
    });
    expect(which(await sessionTerminal(ctx, "docs", {}))).toMatchObject({
      name: "web",
      newWindow: false,
    });
  });

  it("is --terminal when given", async () => {
    expect(which(await sessionTerminal(world(YAML), "app", { terminal: "web" }))).toMatchObject({
      name: "web",
    });
  });

  it("is the catalog's default without a configuration, or when it no longer loads (with a warning)", async () => {
    expect(which(await sessionTerminal(world(undefined), "app", {}))).toMatchObject({
      name: "tmux-attach",
    });
    const broken = world("projects: [not, a, map]\n");
    expect(which(await sessionTerminal(broken, "app", {}))).toMatchObject({ name: "tmux-attach" });
    expect(broken.stderr.text()).toContain("its terminal choice is not applied");
  });
});
