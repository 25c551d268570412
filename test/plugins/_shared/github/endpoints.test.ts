import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../../src/core/errors.js";
import { graphqlUrlFor, resolveApiUrl } from "../../../../src/plugins/_shared/github/endpoints.js";
import { parseGitHubRepo } from "../../../../src/plugins/_shared/github/repo.js";
import { resolveGitHubToken } from "../../../../src/plugins/_shared/github/token.js";
import { makeTempDir } from "../../../helpers/temp-dir.js";
import { makeTestContext } from "../../../helpers/test-context.js";

describe("GitHub endpoints", () => {
  it("takes the option, then GITHUB_API_URL, then api.github.com", () => {
    expect(resolveApiUrl({}, "https://ghe.example.com/api/v3/")).toBe("https://ghe.example.com/api/v3");
    expect(resolveApiUrl({ GITHUB_API_URL: "https://ghe.example.com/api/v3" })).toBe(
      "https://ghe.example.com/api/v3",
    );
    expect(resolveApiUrl({})).toBe("https://api.github.com");
  });

  it("derives the GraphQL URL, Enterprise Server included", () => {
    expect(graphqlUrlFor("https://api.github.com")).toBe("https://api.github.com/graphql");
    expect(graphqlUrlFor("https://ghe.example.com/api/v3")).toBe("https://ghe.example.com/api/graphql");
    expect(graphqlUrlFor("http://127.0.0.1:4000")).toBe("http://127.0.0.1:4000/graphql");
  });

  it("parses owner/repo, https and ssh remotes", () => {
    expect(parseGitHubRepo("acme/widgets")).toEqual({ owner: "acme", repo: "widgets" });
    expect(parseGitHubRepo("https://github.com/acme/widgets.git")).toEqual({
      owner: "acme",
      repo: "widgets",
    });
    expect(parseGitHubRepo("git@github.com:acme/wid.gets.git")).toEqual({ owner: "acme", repo: "wid.gets" });
    expect(parseGitHubRepo("ssh://git@ghe.example.com/acme/widgets")).toEqual({
      owner: "acme",
      repo: "widgets",
    });
    const error: unknown = (() => {
      try {
        return parseGitHubRepo("/srv/git/widgets.git/x/y");
      } catch (e) {
        return e;
      }
    })();
    expect(isAoError(error) && error.code).toBe("E_CONFIG_INVALID");
  });
});

describe("resolveGitHubToken", () => {
  it("prefers GITHUB_TOKEN, then GH_TOKEN", async () => {
    const both = makeTestContext({ env: { GITHUB_TOKEN: "one", GH_TOKEN: "two" } });
    expect(await resolveGitHubToken(both)).toBe("one");
    expect(await resolveGitHubToken(makeTestContext({ env: { GH_TOKEN: "two" } }))).toBe("two");
  });

  it("asks gh for the API's host when no variable is set", async () => {
    const bin = makeTempDir("ao-fake-gh-");
    writeFileSync(
      join(bin, "gh"),
      '#!/bin/sh\n[ "$*" = "auth token --hostname ghe.example.com" ] && echo gho_fromGh\n',
    );
    chmodSync(join(bin, "gh"), 0o755);
    const ctx = makeTestContext({
      env: { PATH: `${bin}:${process.env["PATH"] ?? ""}`, GITHUB_API_URL: "https://ghe.example.com/api/v3" },
    });
    expect(await resolveGitHubToken(ctx)).toBe("gho_fromGh");
  });

  it("says what to do when there is no token anywhere", async () => {
    const ctx = makeTestContext({ env: { PATH: makeTempDir("ao-empty-path-") } });
    const error: unknown = await resolveGitHubToken(ctx).catch((e: unknown) => e);
    expect(isAoError(error) && [error.code, error.message]).toEqual([
      "E_GITHUB_AUTH",
      "no GitHub token: GITHUB_TOKEN and GH_TOKEN are unset and gh is not installed",
    ]);
  });
});
