import { describe, expect, it } from "vitest";
import { createLookMemory, lookMemoryAt } from "../../../src/core/sessions/look-memory.js";
import {
  SHARED_CAPTURE_LINES,
  screenReader,
  type KeptScreen,
} from "../../../src/core/sessions/screen-reader.js";
import type { CaptureOptions, Runtime, RuntimeHandle } from "../../../src/core/slots/index.js";

/** A runtime whose screen is `rows`; captures as tmux's capturePane does, and counts them. */
function screenRuntime(rows: string[]) {
  const asked: number[] = [];
  const runtime = {
    capture: (_handle: RuntimeHandle, options: CaptureOptions) => {
      asked.push(options.lines);
      return Promise.resolve(rows.slice(-options.lines).join("\n"));
    },
  } as unknown as Runtime;
  return { runtime, asked };
}

const handle = { id: "h1" } as RuntimeHandle;
const alive = { state: "alive" as const, screenStamp: "1700000000@220x50" };
const rows = Array.from({ length: 120 }, (_, n) => `line ${n + 1}`);

describe("screenReader through the look memory (issue 29)", () => {
  it("answers a shorter read from a longer capture, exactly as a capture of that many lines", async () => {
    const { runtime, asked } = screenRuntime(rows);
    const memory = lookMemoryAt(createLookMemory<KeptScreen>(), 1_000, true);
    const read = screenReader(runtime, { session: { id: "s1" }, handle }, alive, memory)!;
    expect(await read(15)).toBe(rows.slice(-15).join("\n"));
    expect(await read(60)).toBe(rows.slice(-60).join("\n"));
    expect(await read(3)).toBe(rows.slice(-3).join("\n"));
    expect(asked).toEqual([SHARED_CAPTURE_LINES]);
    // More than was kept: captured again, and that longer screen kept.
    expect(await read(100)).toBe(rows.slice(-100).join("\n"));
    expect(await read(80)).toBe(rows.slice(-80).join("\n"));
    expect(asked).toEqual([SHARED_CAPTURE_LINES, 100]);
  });

  it("captures again when the stamp changed, and never keeps a screen without a stamp", async () => {
    const { runtime, asked } = screenRuntime(rows);
    const memory = lookMemoryAt(createLookMemory<KeptScreen>(), 1_000, true);
    const session = { session: { id: "s1" }, handle };
    await screenReader(runtime, session, alive, memory)!(15);
    await screenReader(runtime, session, { ...alive, screenStamp: "1700000001@220x50" }, memory)!(15);
    await screenReader(runtime, session, { state: "alive" }, memory)!(15);
    await screenReader(runtime, session, { state: "alive" }, memory)!(15);
    expect(asked).toEqual([SHARED_CAPTURE_LINES, SHARED_CAPTURE_LINES, 15, 15]);
  });
});
