import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/core/logger.js";
import { makeTempDir } from "../helpers/temp-dir.js";

describe("the logger on a full disk", () => {
  it("keeps running when ao.log cannot be written (ENOSPC), and says so once", () => {
    const dir = makeTempDir("ao-logs-");
    symlinkSync("/dev/full", join(dir, "ao.log"));
    const told: string[] = [];
    const logger = createLogger({ dir, onWriteFailure: (message) => told.push(message) });
    expect(() => logger.info("first")).not.toThrow();
    expect(() => logger.error("second")).not.toThrow();
    expect(() => logger.flush()).not.toThrow();
    expect(told).toEqual([
      `warning: cannot write ${join(dir, "ao.log")}: the disk is full (ENOSPC); log records are dropped ` +
        "from here on, everything else (the state database, running agents) is kept\n",
    ]);
  });
});
