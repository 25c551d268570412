import { describe, expect, it } from "vitest";
import { parseRemoteUrl } from "../../../../src/core/init/parse-remote-url.js";
import { classifyGitHubHost, proposeGitHub } from "../../../../src/plugins/_shared/github/init-proposal.js";

describe("the GitHub plugins' init capability", () => {
  const cases: [string, string][] = [
    ["git@github.com:acme/widgets.git", "github"],
    ["github.com:acme/widgets", "github"],
    ["ssh://git@github.com/acme/widgets.git", "github"],
    ["ssh://git@GitHub.com:22/acme/widgets", "github"],
    ["git+ssh://git@github.com/acme/widgets.git", "github"],
    ["https://github.com/acme/widgets.git", "github"],
    ["https://github.com/acme/widgets", "github"],
    ["https://github.com/acme/widgets/", "github"],
    ["https://x-access-token:ghp_secret123@github.com/acme/widgets.git", "github"],
    ["https://alice@github.com/acme/widgets", "github"],
    ["git@github.acme.corp:platform/api.git", "github-enterprise"],
    ["https://github.acme.corp/platform/api", "github-enterprise"],
    ["git@gitlab.com:group/sub/proj.git", "other"],
    ["https://bitbucket.org/team/repo.git", "other"],
  ];

  it.each(cases)("%s is %s", (url, kind) => {
    const origin = parseRemoteUrl(url);
    expect(origin && classifyGitHubHost(origin.host, {})).toBe(kind);
  });

  it("proposes itself, hosted, for github.com with the repository and no options", () => {
    const origin = parseRemoteUrl("git@github.com:acme/widgets.git");
    expect(proposeGitHub({ origin, test: undefined, env: {} })).toEqual({
      fit: "hosted",
      hostKind: "github",
      repo: "acme/widgets",
      options: {},
    });
  });

  it("points an Enterprise host at its API, and stays out of other hosts and of local origins", () => {
    const enterprise = parseRemoteUrl("https://github.acme.corp/platform/api");
    expect(proposeGitHub({ origin: enterprise, test: undefined, env: {} })?.options).toEqual({
      apiUrl: "https://github.acme.corp/api/v3",
    });
    const gitlab = parseRemoteUrl("git@gitlab.com:group/sub/proj.git");
    expect(proposeGitHub({ origin: gitlab, test: undefined, env: {} })).toBeUndefined();
    expect(proposeGitHub({ origin: undefined, test: undefined, env: {} })).toBeUndefined();
  });
});

describe("classifyGitHubHost", () => {
  it("treats a host listed in GH_HOST as GitHub Enterprise even without 'github' in its name", () => {
    expect(classifyGitHubHost("code.acme.corp", {})).toBe("other");
    expect(classifyGitHubHost("code.acme.corp", { GH_HOST: "code.acme.corp" })).toBe("github-enterprise");
    expect(classifyGitHubHost("CODE.acme.corp", { GH_HOST: "other.example, code.acme.corp" })).toBe(
      "github-enterprise",
    );
  });

  it("keeps github.com as github whatever GH_HOST says", () => {
    expect(classifyGitHubHost("github.com", { GH_HOST: "github.com" })).toBe("github");
  });

  it("uses GH_HOST when proposing itself for an origin", () => {
    const origin = parseRemoteUrl("git@code.acme.corp:team/app.git");
    const env = { GH_HOST: "code.acme.corp" };
    expect(proposeGitHub({ origin, test: undefined, env })?.hostKind).toBe("github-enterprise");
  });
});
