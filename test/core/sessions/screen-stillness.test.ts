import { describe, expect, it } from "vitest";
import { fileScreenStillness } from "../../../src/core/sessions/screen-stillness.js";
import { aoPaths } from "../../../src/core/paths.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("fileScreenStillness", () => {
  it("counts how long a screen stayed the same, across instances (processes), and restarts on a change", () => {
    let now = 1_000;
    const home = makeTempDir("ao-home-");
    const ctx = { paths: aoPaths(home), clock: { now: () => now } };
    expect(fileScreenStillness(ctx).stillFor("app-1", "dialog")).toBe(0);
    now = 31_000;
    expect(fileScreenStillness(ctx).stillFor("app-1", "dialog")).toBe(30_000);
    expect(fileScreenStillness(ctx).stillFor("app-2", "dialog")).toBe(0);
    now = 40_000;
    expect(fileScreenStillness(ctx).stillFor("app-1", "spinner 1s")).toBe(0);
    now = 41_000;
    expect(fileScreenStillness(ctx).stillFor("app-1", "spinner 1s")).toBe(1_000);
  });
});
