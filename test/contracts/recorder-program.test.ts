import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/temp-dir.js";
import { recorderProgram } from "./recorder-program.js";

describe("recorderProgram", () => {
  it("records and echoes each line and exits with the requested code", async () => {
    const recorder = recorderProgram(makeTempDir());
    const [file, ...args] = recorder.program("s-1").argv;
    const run = spawnSync(file!, args, { input: "hello $(id)\nexit 3\nnever read\n", encoding: "utf8" });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe("recorder ready\nhello $(id)\nexit 3\n");
    expect(await recorder.received("s-1")).toBe("hello $(id)\nexit 3\n");
    expect(await recorder.received("s-2")).toBe("");
  });
});
