import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { checkPrices } from "../../../src/core/doctor/check-prices.js";
import { closeStore, openStore, recordUsage, writeTransaction } from "../../../src/core/store/index.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** `ao doctor`'s price check over a config written as `yaml` (the real agent plugins' recordings). */
async function check(yaml: string, before?: (ctx: ReturnType<typeof makeTestContext>) => void) {
  const dir = makeTempDir("ao-prices-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), yaml);
  const ctx = makeTestContext({
    cwd: dir,
    catalog: builtinCatalog,
    env: { HOME: dir, AO_CONFIG_PATH: undefined },
  });
  before?.(ctx);
  return checkPrices(ctx, await loadConfig(ctx, {}));
}

const project = (agent: string, extra = "") =>
  `projects:\n  app:\n    path: .\n    agent: ${agent}\n${extra}`;

describe("ao doctor: model prices (issue 25)", () => {
  it("is ok for claude-code: every default model of Claude Code 2.1.332 has a price", async () => {
    expect(await check(project("claude-code"))).toMatchObject({ id: "prices", status: "ok" });
  });

  it("names a default of the agent's CLI without a price, and is ok once pricing: gives one", async () => {
    const gap = await check(project("codex"));
    expect(gap).toMatchObject({ status: "warn", source: { keyPath: "pricing" } });
    expect(gap.detail).toContain(
      "project app (codex): gpt-6.2-sol, a default of codex-cli 0.171.0, 2026-12-03",
    );
    expect(gap.fix).toContain("pricing:");
    const priced = await check(`pricing:\n  gpt-6.2-sol: { input: 1, output: 2 }\n${project("codex")}`);
    expect(priced.status).toBe("ok");
  });

  it("names the project's configured model when it has no price", async () => {
    const gap = await check(project("claude-code", "    agentConfig:\n      model: claude-nova-9\n"));
    expect(gap.status).toBe("warn");
    expect(gap.detail).toContain("project app (claude-code): claude-nova-9");
  });

  it("names a model already recorded without a price, with its tokens", async () => {
    const gap = await check(project("claude-code"), (ctx) => {
      const store = openStore(ctx);
      try {
        writeTransaction(store, (tx) =>
          recordUsage(tx, { sessionId: "app-1", project: "app", agent: "claude-code", cursor: "c" }, "test", [
            {
              key: "k",
              at: 1,
              model: "claude-nova-9",
              usd: null,
              tokens: { input: 1000, output: 234, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
            },
          ]),
        );
      } finally {
        closeStore(store);
      }
    });
    expect(gap.status).toBe("warn");
    expect(gap.detail).toContain("recorded without a price: claude-nova-9 (1,234 tokens)");
  });
});
