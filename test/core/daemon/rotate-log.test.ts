import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rotateLogAtStart } from "../../../src/core/daemon/rotate-log.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("rotateLogAtStart", () => {
  it("leaves a log at or under the limit where it is", () => {
    const log = join(makeTempDir(), "daemon.log");
    writeFileSync(log, "x".repeat(100));
    expect(rotateLogAtStart(log, 100)).toBe(false);
    expect(readFileSync(log, "utf8")).toHaveLength(100);
    expect(existsSync(`${log}.1`)).toBe(false);
  });

  it("sets a log over the limit aside as .1, replacing the older one", () => {
    const log = join(makeTempDir(), "daemon.log");
    writeFileSync(`${log}.1`, "oldest\n");
    writeFileSync(log, "y".repeat(101));
    expect(rotateLogAtStart(log, 100)).toBe(true);
    expect(existsSync(log)).toBe(false);
    expect(readFileSync(`${log}.1`, "utf8")).toBe("y".repeat(101));
  });

  it("does nothing when there is no log yet", () => {
    const log = join(makeTempDir(), "daemon.log");
    expect(rotateLogAtStart(log)).toBe(false);
    expect(existsSync(`${log}.1`)).toBe(false);
  });
});
