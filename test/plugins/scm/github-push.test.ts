import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import type { Exec, ExecResult } from "../../../src/core/exec.js";
import { createExec } from "../../../src/core/exec.js";
import { parseGitHubRepo } from "../../../src/plugins/_shared/github/repo.js";
import { createGitHubScm, plugin } from "../../../src/plugins/scm/github.js";
import { rewritePushUrl, type UrlRewrite } from "../../../src/plugins/scm/github/rewrite-push-url.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { TEST_TOKEN } from "../_shared/github/github-fixture.js";
import { FAST, makeGitHubScmFixture, REPO, type GitHubScmFixture } from "./github-fixture.js";

interface ExecCall {
  args: readonly string[];
  cwd: string | undefined;
  env: Readonly<Record<string, string | undefined>> | undefined;
}

/** The one directory under AO_HOME/push (there is one per repository). */
function pushDirOf(fixture: GitHubScmFixture): string {
  const root = join(fixture.ctx.paths.home, "push");
  const entries = readdirSync(root);
  expect(entries).toHaveLength(1);
  return join(root, entries[0]!);
}

function trackingRef(repo: string, branch: string): string | null {
  try {
    return runGit(repo, ["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}`]);
  } catch {
    return null;
  }
}

describe("scm/github push", () => {
  it("does not read the worktree's git config: no hook, no include, no insteadOf of the agent's", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/hostile");
    const sha = runGit(worktree, ["rev-parse", "HEAD"]);
    const decoy = join(makeTempDir("ao-decoy-"), "decoy.git");
    runGit(fixture.repo, ["init", "-q", "--bare", decoy]);
    const included = join(makeTempDir("ao-include-"), "agent.gitconfig");
    writeFileSync(
      included,
      `[url "${decoy}"]\n\tinsteadOf = ${fixture.origin}\n\tpushInsteadOf = ${fixture.origin}\n`,
    );
    const hooks = join(worktree, ".agent-hooks");
    const marker = join(worktree, "hook-ran");
    mkdirSync(hooks);
    writeFileSync(join(hooks, "pre-push"), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    for (const [key, value] of [
      ["http.sslVerify", "false"],
      ["http.proxy", "http://127.0.0.1:1"],
      ["include.path", included],
      ["core.hooksPath", hooks],
    ] as const)
      runGit(worktree, ["config", key, value]);
    // What a `git push origin` in the worktree would do: go to the decoy.
    expect(runGit(worktree, ["remote", "get-url", "--push", "origin"])).toBe(decoy);

    await fixture.scm().push(worktree, "feat/hostile");

    expect(fixture.remoteHead("feat/hostile")).toBe(sha);
    expect(runGit(decoy, ["for-each-ref"])).toBe("");
    expect(existsSync(marker)).toBe(false);
    expect(trackingRef(fixture.repo, "feat/hostile")).toBe(sha);
  });

  it("pushes from a 0700 bare dir in AO_HOME that borrows the repository's objects and keeps no refs", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/borrowed", { "big.txt": "content\n".repeat(1000) });
    await fixture.scm().push(worktree, "feat/borrowed");
    const dir = pushDirOf(fixture);
    expect(dir).toMatch(/\.git$/);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const alternates = readFileSync(join(dir, "objects", "info", "alternates"), "utf8");
    expect(alternates).toBe(`${join(fixture.repo, ".git", "objects")}\n`);
    expect(runGit(dir, ["for-each-ref"])).toBe("");
    const ownObjects = readdirSync(join(dir, "objects")).filter((name) => !["info", "pack"].includes(name));
    expect(ownObjects).toEqual([]);
    expect(readdirSync(join(dir, "objects", "pack"))).toEqual([]);
    expect(existsSync(join(dir, "hooks"))).toBe(false);
  });

  it("pushes two sessions of one repository at once through one push dir", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    const one = fixture.checkout("feat/one");
    const two = fixture.checkout("feat/two");
    await Promise.all([scm.push(one, "feat/one"), scm.push(two, "feat/two")]);
    expect(fixture.remoteHead("feat/one")).toBe(runGit(one, ["rev-parse", "HEAD"]));
    expect(fixture.remoteHead("feat/two")).toBe(runGit(two, ["rev-parse", "HEAD"]));
    expect(readdirSync(join(fixture.ctx.paths.home, "push"))).toHaveLength(1);
    // Later pushes reuse it.
    fixture.commit(one);
    await scm.push(one, "feat/one");
    expect(fixture.remoteHead("feat/one")).toBe(runGit(one, ["rev-parse", "HEAD"]));
    expect(trackingRef(fixture.repo, "feat/one")).toBe(runGit(one, ["rev-parse", "HEAD"]));
  });

  it("reads objects through a repository's own alternates", async () => {
    const fixture = await makeGitHubScmFixture();
    // A commit only the person's repository has, then a clone that borrows it (git clone --shared).
    const source = fixture.checkout("feat/base");
    const base = runGit(source, ["rev-parse", "HEAD"]);
    const clone = join(makeTempDir("ao-shared-"), "clone");
    runGit(fixture.repo, ["clone", "-q", "--shared", "--no-checkout", fixture.repo, clone]);
    runGit(clone, ["remote", "set-url", "origin", fixture.origin]);
    const worktree = join(makeTempDir("ao-shared-wt-"), "wt");
    runGit(clone, ["worktree", "add", "-q", "-b", "feat/on-top", worktree, base]);
    const sha = fixture.commit(worktree);
    expect(existsSync(join(clone, ".git", "objects", "info", "alternates"))).toBe(true);

    await fixture.scm().push(worktree, "feat/on-top");
    expect(fixture.remoteHead("feat/on-top")).toBe(sha);
    expect(runGit(fixture.origin, ["cat-file", "-t", base])).toBe("commit");
    expect(trackingRef(clone, "feat/on-top")).toBe(sha);
  });

  it("refuses a rewritten history with the merge hint and leaves the remote alone", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    const worktree = fixture.checkout("feat/rewritten");
    await scm.push(worktree, "feat/rewritten");
    const pushed = fixture.remoteHead("feat/rewritten");
    runGit(worktree, ["commit", "-q", "--amend", "-m", "rewritten"]);
    const error: unknown = await scm.push(worktree, "feat/rewritten").catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_EXEC_FAILED");
    expect(isAoError(error) && error.message).toMatch(/pushing feat\/rewritten to origin failed/);
    expect(isAoError(error) && error.hint).toMatch(/never force-pushes.*merge them in/);
    expect(fixture.remoteHead("feat/rewritten")).toBe(pushed);
    expect(trackingRef(fixture.repo, "feat/rewritten")).toBe(pushed);
  });

  it("says which branch is missing", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/present");
    const error: unknown = await fixture
      .scm()
      .push(worktree, "feat/absent")
      .catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    expect(isAoError(error) && error.message).toMatch(/no branch feat\/absent/);
  });

  it("hands git the verified https URL and the commit, from the push dir, with the token only there", async () => {
    const fixture = await makeGitHubScmFixture();
    const calls: ExecCall[] = [];
    // The push itself is answered here (no https server): everything else is real git.
    const exec: Exec = async (file, args, options) => {
      calls.push({ args, cwd: options?.cwd, env: options?.env });
      if (!args.includes("push")) return fixture.ctx.exec(file, args, options);
      const ok: ExecResult = {
        command: "git push",
        exitCode: 0,
        stdout: "",
        stderr: "",
        failed: false,
        timedOut: false,
        notFound: false,
      };
      return ok;
    };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl });
    const scm = createGitHubScm({ ...fixture.ctx, exec }, options, parseGitHubRepo(REPO), FAST);
    const worktree = fixture.checkout("feat/https");
    const sha = runGit(worktree, ["rev-parse", "HEAD"]);
    const url = "https://127.0.0.1/acme/widgets.git";
    runGit(worktree, ["remote", "set-url", "--push", "origin", url]);
    runGit(worktree, ["config", "http.sslVerify", "false"]);
    runGit(worktree, ["config", `http.${url}.proxy`, "http://127.0.0.1:1"]);
    runGit(worktree, ["config", "url.https://evil.example/.insteadOf", "https://127.0.0.1/"]);

    await scm.push(worktree, "feat/https");

    const push = calls.find((call) => call.args.includes("push"))!;
    const dir = pushDirOf(fixture);
    expect(push.cwd).toBe(dir);
    expect(push.args).toEqual([
      `--git-dir=${dir}`,
      "-c",
      "core.hooksPath=/dev/null",
      "-c",
      "credential.helper=",
      "push",
      "--no-verify",
      "--quiet",
      url,
      `${sha}:refs/heads/feat/https`,
    ]);
    expect(push.env).toMatchObject({ AO_GITHUB_PUSH_TOKEN: TEST_TOKEN, AO_GITHUB_PUSH_HOST: "127.0.0.1" });
    expect(push.env).toHaveProperty("GIT_DIR", undefined);
    for (const call of calls.filter((c) => c !== push))
      expect(call.env?.["AO_GITHUB_PUSH_TOKEN"]).toBeUndefined();
    expect(trackingRef(fixture.repo, "feat/https")).toBe(sha);
  });

  it("still applies and checks the person's own insteadOf (global config)", async () => {
    const fixture = await makeGitHubScmFixture();
    const global = join(makeTempDir("ao-global-"), "gitconfig");
    writeFileSync(global, `[url "https://evil.example/"]\n\tinsteadOf = ${fixture.origin}\n`);
    const env = { ...fixture.ctx.env, GIT_CONFIG_GLOBAL: global };
    const ctx = { ...fixture.ctx, env, exec: createExec(fixture.ctx.logger, env) };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl });
    const scm = createGitHubScm(ctx, options, parseGitHubRepo(REPO), FAST);
    const worktree = fixture.checkout("feat/global");
    const error: unknown = await scm.push(worktree, "feat/global").catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_GITHUB_API");
    expect(isAoError(error) && error.message).toMatch(/evil\.example.*not to 127\.0\.0\.1/);
    expect(fixture.remoteHead("feat/global")).toBeNull();
  });
});

describe("rewritePushUrl", () => {
  const rule = (base: string, prefix: string, push = false): UrlRewrite => ({ base, prefix, push });

  it("takes the longest prefix, pushInsteadOf before insteadOf, the first base on a tie", () => {
    const rules = [rule("A:", "https://h/"), rule("B:", "https://h/acme/"), rule("C:", "https://h/acme/")];
    expect(rewritePushUrl("https://h/acme/x.git", rules)).toBe("B:x.git");
    expect(rewritePushUrl("https://h/other.git", rules)).toBe("A:other.git");
    expect(rewritePushUrl("https://h/acme/x", [...rules, rule("P:", "https://h/", true)])).toBe("P:acme/x");
    expect(rewritePushUrl("git@h:acme/x", rules)).toBe("git@h:acme/x");
  });
});
