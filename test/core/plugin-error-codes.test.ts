import { describe, expect, it } from "vitest";
import { AoError, CORE_ERROR_CODES } from "../../src/core/errors.js";
import { declareErrorCodes } from "../../src/core/plugin-error-codes.js";
import { GITHUB_ERRORS } from "../../src/plugins/_shared/github/error-codes.js";
import { LINEAR_ERRORS } from "../../src/plugins/tracker/linear/error-codes.js";

describe("plugins own their error codes", () => {
  it("keeps plugin codes out of core's closed union: the GitHub and Linear plugins declare theirs", () => {
    const core: readonly string[] = CORE_ERROR_CODES;
    for (const code of ["E_GITHUB_AUTH", "E_GITHUB_API", "E_LINEAR_AUTH"]) expect(core).not.toContain(code);
    expect(GITHUB_ERRORS).toEqual({ E_GITHUB_AUTH: "E_GITHUB_AUTH", E_GITHUB_API: "E_GITHUB_API" });
    expect(new AoError(LINEAR_ERRORS.E_LINEAR_AUTH, "no key")).toMatchObject({
      code: "E_LINEAR_AUTH",
      exitCode: 1,
    });
  });

  it("gives a declared code the exit code of its meaning", () => {
    const codes = declareErrorCodes({ E_TEST_PLUGIN_BAD_INPUT: "usage", E_TEST_PLUGIN_DOWN: "failure" });
    expect(new AoError(codes.E_TEST_PLUGIN_BAD_INPUT, "bad").exitCode).toBe(2);
    expect(new AoError(codes.E_TEST_PLUGIN_DOWN, "down").exitCode).toBe(1);
    expect(new AoError(codes.E_TEST_PLUGIN_BAD_INPUT, "bad", { exitCode: 3 }).exitCode).toBe(3);
    expect(JSON.parse(JSON.stringify(new AoError(codes.E_TEST_PLUGIN_DOWN, "down")))).toMatchObject({
      code: "E_TEST_PLUGIN_DOWN",
    });
  });

  it("refuses a core code, a malformed one, and one declared again with another meaning", () => {
    expect(() => declareErrorCodes({ E_NOT_FOUND: "failure" })).toThrow("is one of core's own");
    expect(() => declareErrorCodes({ github_auth: "failure" })).toThrow("must look like E_SOMETHING");
    declareErrorCodes({ E_TEST_PLUGIN_SHARED: "failure" });
    expect(() => declareErrorCodes({ E_TEST_PLUGIN_SHARED: "failure" })).not.toThrow();
    expect(() => declareErrorCodes({ E_TEST_PLUGIN_SHARED: "usage" })).toThrow(
      "already declared as a failure",
    );
  });

  it("does not type-check a code nobody declared", () => {
    // @ts-expect-error: neither core's nor declared by a plugin.
    const error = new AoError("E_GITHUB_AUTH", "x");
    expect(error.code).toBe("E_GITHUB_AUTH");
  });
});
