import { describe, expect, it } from "vitest";
import { AoError } from "../../src/core/errors.js";
import { createExec } from "../../src/core/exec.js";
import { createMemoryLogger } from "../../src/core/logger.js";

const exec = createExec(createMemoryLogger(), process.env);

describe("exec", () => {
  it("passes arguments verbatim, with no shell in between", async () => {
    const nasty = ["$(touch /tmp/ao-pwned)", "`id`", "a; rm -rf /", "-n", "'\"\n"];
    const result = await exec(process.execPath, [
      "-e",
      "process.stdout.write(JSON.stringify(process.argv.slice(1)))",
      ...nasty,
    ]);
    expect(JSON.parse(result.stdout)).toEqual(nasty);
  });

  it("feeds input on stdin and merges env over the parent's", async () => {
    const script =
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(s+process.env.AO_X))";
    const result = await exec(process.execPath, ["-e", script], { input: "hello ", env: { AO_X: "world" } });
    expect(result.stdout).toBe("hello world");
  });

  it("throws an AoError with the stderr tail when the command fails", async () => {
    const failing = exec(process.execPath, ["-e", "console.error('boom'); process.exit(3)"]);
    await expect(failing).rejects.toBeInstanceOf(AoError);
    await expect(failing).rejects.toMatchObject({
      code: "E_EXEC_FAILED",
      message: expect.stringContaining("exited with 3: boom") as unknown,
    });
  });

  it("returns the failure instead with reject: false", async () => {
    const result = await exec(process.execPath, ["-e", "process.exit(4)"], { reject: false });
    expect(result).toMatchObject({ failed: true, exitCode: 4, notFound: false });
  });

  it("says which program is missing", async () => {
    await expect(exec("ao-no-such-program", [])).rejects.toMatchObject({
      code: "E_EXEC_NOT_FOUND",
      message: "ao-no-such-program was not found on PATH",
    });
  });

  it("blames a missing working directory, not the program", async () => {
    const failing = exec("git", ["status"], { cwd: "/nonexistent/ao-project" });
    await expect(failing).rejects.toMatchObject({
      code: "E_EXEC_FAILED",
      message: expect.stringContaining("the directory /nonexistent/ao-project does not exist") as string,
    });
    const result = await exec("git", ["status"], { cwd: "/nonexistent/ao-project", reject: false });
    expect(result).toMatchObject({ failed: true, notFound: false });
  });

  it("redacts tokens from the error message", async () => {
    const token = `ghp_${"Q".repeat(36)}`;
    const failing = exec(process.execPath, ["-e", "process.exit(1)", token]);
    await expect(failing).rejects.toSatisfy((error: Error) => !error.message.includes(token));
  });
});

describe("exec's environment", () => {
  it("is the context's environment, not the ambient process.env", async () => {
    const isolated = createExec(createMemoryLogger(), { PATH: process.env["PATH"], AO_ONLY: "1" });
    const script =
      "process.stdout.write(JSON.stringify([process.env.AO_ONLY, process.env.HOME ?? null, process.env.AO_DROP ?? null]))";
    const result = await isolated(process.execPath, ["-e", script], { env: { AO_DROP: undefined } });
    expect(JSON.parse(result.stdout)).toEqual(["1", null, null]);
  });
});

describe("exec's timeout", () => {
  it("ends a child that runs too long and says so", async () => {
    const result = await exec(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], {
      timeoutMs: 200,
      reject: false,
    });
    expect(result).toMatchObject({ failed: true, timedOut: true });
    await expect(
      exec(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { timeoutMs: 200 }),
    ).rejects.toMatchObject({
      code: "E_EXEC_FAILED",
      message: expect.stringContaining("timed out") as unknown,
    });
  });

  it("keeps output byte for byte except one final newline", async () => {
    const result = await exec(process.execPath, ["-e", "process.stdout.write('a\\n\\nb  \\n\\n')"]);
    expect(result.stdout).toBe("a\n\nb  \n");
  });
});
