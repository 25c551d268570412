import { describe, expect, it } from "vitest";
import { AoError, isAoError } from "../../src/core/errors.js";
import { asPluginError } from "../../src/core/registry/wrap-plugin.js";

/**
 * Another copy of the same module, as an external plugin has it: the built per-file module behind
 * `agent-orchestrator/plugin` (npm test builds first), which is not the module vitest runs here.
 */
const other = (await import(new URL("../../dist/core/errors.js", import.meta.url).href)) as {
  AoError: typeof AoError;
  isAoError: typeof isAoError;
};

describe("AoError across copies of the package", () => {
  it("is recognised by each copy's isAoError, though instanceof fails", () => {
    const theirs = new other.AoError("E_EXISTS", "the project already has NOTES.md", { hint: "rename it" });
    const ours = new AoError("E_EXEC_NOT_FOUND", "git not found");
    expect(theirs instanceof AoError).toBe(false);
    expect(isAoError(theirs)).toBe(true);
    expect(other.isAoError(ours)).toBe(true);
  });

  it("is not claimed for other errors, or for an error that only borrows the name", () => {
    const impostor = Object.assign(new Error("x"), { name: "AoError", code: 42 });
    expect(isAoError(impostor)).toBe(false);
    expect(isAoError(new Error("plain"))).toBe(false);
    expect(isAoError({ name: "AoError", code: "E_EXISTS", message: "not an Error" })).toBe(false);
    expect(isAoError(undefined)).toBe(false);
  });

  it("becomes an AoError of this copy at the plugin boundary, keeping code, message, hint and details", () => {
    const theirs = new other.AoError("E_EXISTS", "the project already has NOTES.md", {
      hint: "rename it",
      details: { file: "NOTES.md" },
    });
    const seen = asPluginError(theirs, "agent/scribe.prepareWorkspace");
    expect(seen).toBeInstanceOf(AoError);
    expect(seen).toMatchObject({
      code: "E_EXISTS",
      message: "the project already has NOTES.md",
      hint: "rename it",
      details: { file: "NOTES.md" },
      exitCode: 1,
      cause: theirs,
    });
  });
});
