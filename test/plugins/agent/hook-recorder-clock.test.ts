import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  hookRecorderArgv,
  hookRecorderCommand,
  RECEIVED_AT_KEY,
} from "../../../src/plugins/agent/_shared/hook-recorder.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** The `ao_received_at` of each line the recorder wrote. */
function stamps(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as Record<string, unknown>)[RECEIVED_AT_KEY]);
}

describe("the hook recorder's stamp follows ao's clock (AO_CLOCK_FILE, issue 30)", () => {
  it("adds the clock file's offset when the agent's environment names one, as Claude Code and Codex run it", () => {
    const dir = makeTempDir();
    const events = join(dir, "events.jsonl");
    const clock = join(dir, "clock");
    writeFileSync(clock, "3600000\n");
    const env = { ...process.env, AO_CLOCK_FILE: clock };
    const before = Date.now();
    execFileSync("/bin/sh", ["-c", hookRecorderCommand(process.execPath, events)], {
      input: '{"hook_event_name":"Stop"}',
      env,
    });
    const [node = "", ...args] = hookRecorderArgv(process.execPath, events);
    execFileSync(node, [...args, '{"type":"agent-turn-complete"}'], { env });
    const after = Date.now();
    for (const at of stamps(events)) {
      expect(at).toBeGreaterThanOrEqual(before + 3_600_000);
      expect(at).toBeLessThanOrEqual(after + 3_600_000);
    }
  });

  it("is the machine's time without the variable", () => {
    const events = join(makeTempDir(), "events.jsonl");
    const env = { ...process.env };
    delete env["AO_CLOCK_FILE"];
    const before = Date.now();
    execFileSync("/bin/sh", ["-c", hookRecorderCommand(process.execPath, events)], {
      input: '{"hook_event_name":"Stop"}',
      env,
    });
    const [at] = stamps(events);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
