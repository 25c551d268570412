import { describe, expect, it } from "vitest";
import { parseRemoteUrl, remoteRepositoryName } from "../../../src/core/init/parse-remote-url.js";

describe("parseRemoteUrl", () => {
  const cases: [string, { host: string; owner: string; repo: string } | undefined][] = [
    ["git@github.com:acme/widgets.git", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["github.com:acme/widgets", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["ssh://git@github.com/acme/widgets.git", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["ssh://git@GitHub.com:22/acme/widgets", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["git+ssh://git@github.com/acme/widgets.git", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["https://github.com/acme/widgets.git", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["https://github.com/acme/widgets", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["https://github.com/acme/widgets/", { host: "github.com", owner: "acme", repo: "widgets" }],
    [
      "https://x-access-token:ghp_secret123@github.com/acme/widgets.git",
      { host: "github.com", owner: "acme", repo: "widgets" },
    ],
    ["https://alice@github.com/acme/widgets", { host: "github.com", owner: "acme", repo: "widgets" }],
    ["git@github.acme.corp:platform/api.git", { host: "github.acme.corp", owner: "platform", repo: "api" }],
    ["https://github.acme.corp/platform/api", { host: "github.acme.corp", owner: "platform", repo: "api" }],
    ["git@gitlab.com:group/sub/proj.git", { host: "gitlab.com", owner: "group/sub", repo: "proj" }],
    ["https://bitbucket.org/team/repo.git", { host: "bitbucket.org", owner: "team", repo: "repo" }],
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

describe("remoteRepositoryName", () => {
  const cases: [string, string | undefined][] = [
    ["git@github.com:acme/widgets.git", "widgets"],
    ["https://x-access-token:secret@github.com/acme/widgets.git", "widgets"],
    ["/srv/git/citty.git", "citty"],
    ["/srv/git/citty.git/", "citty"],
    ["file:///srv/git/citty", "citty"],
    ["../citty.git", "citty"],
    ["C:\\repos\\citty", "citty"],
    ["https://github.com/", undefined],
    ["/", undefined],
  ];
  it.each(cases)("%s", (url, expected) => {
    expect(remoteRepositoryName(url)).toBe(expected);
  });
});
