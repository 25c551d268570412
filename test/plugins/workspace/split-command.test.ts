import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { splitCommand } from "../../../src/plugins/workspace/_shared/split-command.js";

function failure(command: string): AoError {
  try {
    splitCommand(command);
  } catch (error) {
    expect(error).toBeInstanceOf(AoError);
    return error as AoError;
  }
  throw new Error(`expected ${command} to be rejected`);
}

describe("splitCommand", () => {
  it("splits on blanks", () => {
    expect(splitCommand("  npm   ci\t--prefer-offline ")).toEqual(["npm", "ci", "--prefer-offline"]);
  });

  it("keeps quoted text together, with sh's quoting rules", () => {
    expect(splitCommand(`node -e 'console.log("hi there")'`)).toEqual([
      "node",
      "-e",
      'console.log("hi there")',
    ]);
    expect(splitCommand(`echo "a \\"quoted\\" \\\\ word" 'it''s'`)).toEqual([
      "echo",
      'a "quoted" \\ word',
      "its",
    ]);
    expect(splitCommand(`touch a\\ b ""`)).toEqual(["touch", "a b", ""]);
    expect(splitCommand(`echo "x"y'z'`)).toEqual(["echo", "xyz"]);
  });

  it("expands nothing", () => {
    expect(splitCommand("cp $HOME/.npmrc ~/x *.js")).toEqual(["cp", "$HOME/.npmrc", "~/x", "*.js"]);
  });

  it("passes shell operators through when quoted", () => {
    expect(splitCommand(`sh -c 'npm ci && npm test | tee log'`)).toEqual([
      "sh",
      "-c",
      "npm ci && npm test | tee log",
    ]);
  });

  it("rejects unquoted operators that would need a shell", () => {
    for (const command of [
      "npm ci && npm test",
      "a | b",
      "a; b",
      "a > out",
      "a<in",
      "a &",
      "echo `id`",
      "echo $(id)",
    ]) {
      const error = failure(command);
      expect(error.code).toBe("E_CONFIG_INVALID");
      expect(error.message).toContain("without one");
      expect(error.hint).toContain("sh -c");
    }
  });

  it("rejects unclosed quotes and empty commands", () => {
    expect(failure(`echo 'open`).message).toContain("quote is not closed");
    expect(failure(`echo "open\\"`).message).toContain("quote is not closed");
    expect(failure("   ").message).toContain("empty");
  });
});
