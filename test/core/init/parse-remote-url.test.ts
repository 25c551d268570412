import { describe, expect, it } from "vitest";
import { classifyHost, parseRemoteUrl } from "../../../src/core/init/parse-remote-url.js";

describe("parseRemoteUrl", () => {
  const cases: [string, { host: string; owner: string; repo: string; hostKind: string } | undefined][] = [
    [
      "git@github.com:acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    ["github.com:acme/widgets", { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" }],
    [
      "ssh://git@github.com/acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "ssh://git@GitHub.com:22/acme/widgets",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "git+ssh://git@github.com/acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "https://github.com/acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "https://github.com/acme/widgets",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "https://github.com/acme/widgets/",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "https://x-access-token:ghp_secret123@github.com/acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "https://alice@github.com/acme/widgets",
      { host: "github.com", owner: "acme", repo: "widgets", hostKind: "github" },
    ],
    [
      "git@github.acme.corp:platform/api.git",
      { host: "github.acme.corp", owner: "platform", repo: "api", hostKind: "github-enterprise" },
    ],
    [
      "https://github.acme.corp/platform/api",
      { host: "github.acme.corp", owner: "platform", repo: "api", hostKind: "github-enterprise" },
    ],
    [
      "git@gitlab.com:group/sub/proj.git",
      { host: "gitlab.com", owner: "group/sub", repo: "proj", hostKind: "other" },
    ],
    [
      "https://bitbucket.org/team/repo.git",
      { host: "bitbucket.org", owner: "team", repo: "repo", hostKind: "other" },
    ],
    ["/srv/git/widgets.git", undefined],
    ["file:///srv/git/widgets.git", undefined],
    ["../widgets", undefined],
    ["C:\\repos\\widgets", undefined],
    ["https://github.com/widgets", undefined],
    ["not a url", undefined],
  ];

  it.each(cases)("%s", (url, expected) => {
    expect(parseRemoteUrl(url)).toEqual(expected);
  });

  it("never keeps credentials from the URL", () => {
    const parsed = parseRemoteUrl("https://bob:hunter2-token@github.com/acme/widgets.git");
    expect(JSON.stringify(parsed)).not.toMatch(/hunter2|bob/);
  });
});

describe("classifyHost", () => {
  it("treats a host listed in GH_HOST as GitHub Enterprise even without 'github' in its name", () => {
    expect(classifyHost("code.acme.corp", {})).toBe("other");
    expect(classifyHost("code.acme.corp", { GH_HOST: "code.acme.corp" })).toBe("github-enterprise");
    expect(classifyHost("CODE.acme.corp", { GH_HOST: "other.example, code.acme.corp" })).toBe(
      "github-enterprise",
    );
  });

  it("keeps github.com as github whatever GH_HOST says", () => {
    expect(classifyHost("github.com", { GH_HOST: "github.com" })).toBe("github");
  });

  it("uses GH_HOST when parsing a URL", () => {
    expect(parseRemoteUrl("git@code.acme.corp:team/app.git", { GH_HOST: "code.acme.corp" })?.hostKind).toBe(
      "github-enterprise",
    );
  });
});
