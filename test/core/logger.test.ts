import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/core/logger.js";
import { makeTempDir } from "../helpers/temp-dir.js";

describe("createLogger", () => {
  it("writes JSON lines to ao.log with secrets redacted by key and by pattern", () => {
    const dir = join(makeTempDir(), "logs");
    const token = `ghp_${"k".repeat(36)}`;
    const logger = createLogger({ dir });
    logger.info(`pushing with ${token}`, {
      token: "by-key-secret",
      url: `https://x:${token}@github.com/a/b`,
    });
    logger.flush();
    const text = readFileSync(join(dir, "ao.log"), "utf8");
    expect(text).not.toContain(token);
    expect(text).not.toContain("by-key-secret");
    const line = JSON.parse(text.trim()) as { msg: string; level: number };
    expect(line.msg).toBe("pushing with [redacted]");
    expect(line.level).toBe(30);
  });

  it("creates nothing until the first log call", () => {
    const dir = join(makeTempDir(), "logs");
    createLogger({ dir });
    expect(() => readFileSync(join(dir, "ao.log"))).toThrow();
  });
});
