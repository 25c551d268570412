import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import type { Exec, ExecResult } from "../../../src/core/exec.js";
import { createExec } from "../../../src/core/exec.js";
import { parseGitHubRepo } from "../../../src/plugins/_shared/github/repo.js";
import { createGitHubScm, plugin } from "../../../src/plugins/scm/github.js";
import { checkPushRemote } from "../../../src/plugins/scm/github/push-remote.js";
import { rewritePushUrl, type UrlRewrite } from "../../../src/plugins/scm/github/rewrite-push-url.js";
import { githubScmEnv } from "../../../src/plugins/scm/github/scm-env.js";
import { DEFAULT_TRUSTED_AUTHORS } from "../../../src/plugins/_shared/github/trusted-authors.js";
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

  it("removes the push dirs of repositories that are gone, and keeps those whose objects exist", async () => {
    const fixture = await makeGitHubScmFixture();
    const root = join(fixture.ctx.paths.home, "push");
    const plant = (name: string, objects: string): string => {
      const dir = join(root, name);
      mkdirSync(join(dir, "objects", "info"), { recursive: true });
      writeFileSync(join(dir, "objects", "info", "alternates"), `${objects}\n`);
      return dir;
    };
    const other = makeTempDir("ao-other-repo-");
    mkdirSync(join(other, "objects"));
    const gone = plant("0123456789abcdef0123456789abcdef.git", join(other, "vanished", "objects"));
    const live = plant("fedcba9876543210fedcba9876543210.git", join(other, "objects"));
    const worktree = fixture.checkout("feat/prune");
    await fixture.scm().push(worktree, "feat/prune");
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(readdirSync(root)).toHaveLength(2);
    expect(fixture.remoteHead("feat/prune")).toBe(runGit(worktree, ["rev-parse", "HEAD"]));
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
    expect(isAoError(error) && error.message).toMatch(/! \[rejected\].*\(non-fast-forward\)/);
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
      "-c",
      "core.fsmonitor=false",
      `--git-dir=${dir}`,
      "-c",
      "core.hooksPath=/dev/null",
      "-c",
      "credential.helper=",
      "-c",
      "advice.pushUpdateRejected=false",
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

/** scm.push with everything real except the push itself, which is recorded and answered here. */
async function pushRecorded(
  fixture: GitHubScmFixture,
  branch: string,
  pushUrl: string,
): Promise<{ error: unknown; calls: ExecCall[] }> {
  const calls: ExecCall[] = [];
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
  const worktree = fixture.checkout(branch);
  runGit(worktree, ["remote", "set-url", "--push", "origin", pushUrl]);
  const error: unknown = await scm.push(worktree, branch).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, calls };
}

describe("scm/github push: what the agent can plant", () => {
  it("runs no reference-transaction hook when it moves the remote-tracking ref, and hands it no token", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/ref-hook");
    const marker = join(makeTempDir("ao-marker-"), "hook-ran");
    const hook = `#!/bin/sh\nenv >> '${marker}'\n`;
    writeFileSync(join(fixture.repo, ".git", "hooks", "reference-transaction"), hook, { mode: 0o755 });
    const calls: ExecCall[] = [];
    const exec: Exec = (file, args, options) => {
      calls.push({ args, cwd: options?.cwd, env: options?.env });
      return fixture.ctx.exec(file, args, options);
    };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl, allowLocalRemote: true });
    const scm = createGitHubScm({ ...fixture.ctx, exec }, options, parseGitHubRepo(REPO), FAST);

    await scm.push(worktree, "feat/ref-hook");
    expect(trackingRef(fixture.repo, "feat/ref-hook")).toBe(runGit(worktree, ["rev-parse", "HEAD"]));
    expect(existsSync(marker)).toBe(false);
    const updateRef = calls.find((call) => call.args.includes("update-ref"))!;
    expect(updateRef.args.slice(0, 4)).toEqual([
      "-c",
      "core.fsmonitor=false",
      "-c",
      "core.hooksPath=/dev/null",
    ]);
    expect(updateRef.env).toMatchObject({ GITHUB_TOKEN: undefined, GH_TOKEN: undefined });
    expect(updateRef.env).toHaveProperty("GITHUB_TOKEN", undefined);

    // The same hook through a hooks dir the agent's config names.
    const hooks = makeTempDir("ao-agent-hooks-");
    writeFileSync(join(hooks, "reference-transaction"), hook, { mode: 0o755 });
    fixture.commit(worktree); // the test's own commit moves a ref too, and runs the hook
    rmSync(marker, { force: true });
    runGit(worktree, ["config", "core.hooksPath", hooks]);
    await scm.push(worktree, "feat/ref-hook");
    expect(trackingRef(fixture.repo, "feat/ref-hook")).toBe(runGit(worktree, ["rev-parse", "HEAD"]));
    expect(existsSync(marker)).toBe(false);
  });

  it("runs none of a local target's hooks or commands, and gives it no token", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/planted");
    const sha = runGit(worktree, ["rev-parse", "HEAD"]);
    const place = makeTempDir("ao-planted-");
    const target = join(place, "target.git");
    const marker = join(place, "ran");
    runGit(fixture.repo, ["init", "-q", "--bare", target]);
    writeFileSync(join(target, "hooks", "pre-receive"), `#!/bin/sh\nenv >> '${marker}'\n`, { mode: 0o755 });
    // An alternate makes receive-pack run core.alternateRefsCommand, from the target's config.
    writeFileSync(join(target, "objects", "info", "alternates"), `${join(fixture.origin, "objects")}\n`);
    runGit(target, ["config", "core.alternateRefsCommand", `env >> '${marker}'; true`]);
    runGit(target, ["config", "core.hooksPath", join(target, "hooks")]);
    runGit(worktree, ["remote", "set-url", "--push", "origin", target]);

    await fixture.scm().push(worktree, "feat/planted");
    expect(runGit(target, ["rev-parse", "refs/heads/feat/planted"])).toBe(sha);
    expect(existsSync(marker)).toBe(false);
  });

  it("keeps an updateInstead target's checkout (and its fsmonitor) out of a local push", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/checked-out");
    const place = makeTempDir("ao-planted-");
    const target = join(place, "work");
    const marker = join(place, "ran");
    runGit(place, ["init", "-q", "-b", "feat/checked-out", target]);
    runGit(target, ["config", "receive.denyCurrentBranch", "updateInstead"]);
    runGit(target, ["config", "core.fsmonitor", `touch '${marker}'; false #`]);
    runGit(worktree, ["remote", "set-url", "--push", "origin", `file://${target}`]);
    const error: unknown = await fixture
      .scm()
      .push(worktree, "feat/checked-out")
      .catch((e: unknown) => e);
    expect(isAoError(error) && error.message).toMatch(/currently checked out/);
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses a path on this machine unless allowLocalRemote is set", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/local");
    const error: unknown = await fixture
      .scm({ allowLocalRemote: false })
      .push(worktree, "feat/local")
      .catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_GITHUB_API");
    expect(isAoError(error) && error.message).toContain(
      `pushes to ${fixture.origin}, a path on this machine`,
    );
    expect(isAoError(error) && error.hint).toMatch(/allowLocalRemote: true/);
    expect(fixture.remoteHead("feat/local")).toBeNull();
    expect(plugin.options.parse({}).allowLocalRemote).toBe(false);
  });

  it("pushes only to the project's repository on the host, whatever the URL's form", async () => {
    const fixture = await makeGitHubScmFixture();
    const accepted = [
      "https://127.0.0.1/acme/widgets",
      "https://127.0.0.1/ACME/Widgets.git/",
      "https://x-access-token@127.0.0.1:8443/acme/widgets.git",
      "ssh://git@127.0.0.1/acme/widgets.git",
      "ssh://git@127.0.0.1:22/acme/widgets/",
      "git@127.0.0.1:acme/widgets.git",
      "127.0.0.1:Acme/Widgets",
    ];
    for (const [index, url] of accepted.entries()) {
      const { error, calls } = await pushRecorded(fixture, `feat/ok-${String(index)}`, url);
      expect(error, url).toBeUndefined();
      expect(calls.find((call) => call.args.includes("push"))?.args, url).toContain(url);
    }
  });

  it("refuses a push URL naming another repository, with the URL and the expected one", async () => {
    const fixture = await makeGitHubScmFixture();
    const refused = [
      "https://127.0.0.1/someone-else/private-repo.git",
      "https://127.0.0.1/acme/widgets-private.git",
      "https://127.0.0.1/acme/widgets.gitx",
      "https://127.0.0.1/acme/widgets/extra",
      "https://127.0.0.1/acme/widgets.git?x=1",
      "https://127.0.0.1/acme",
      "ssh://git@127.0.0.1/other/widgets.git",
      "git@127.0.0.1:acme/other.git",
      "git@127.0.0.1:widgets.git",
    ];
    for (const [index, url] of refused.entries()) {
      const { error, calls } = await pushRecorded(fixture, `feat/no-${String(index)}`, url);
      expect(isAoError(error) && error.code, url).toBe("E_GITHUB_API");
      expect(isAoError(error) && error.message, url).toBe(
        `remote origin pushes to ${url}, not to the project's repository acme/widgets`,
      );
      expect(isAoError(error) && error.hint, url).toMatch(/https:\/\/127\.0\.0\.1\/acme\/widgets\.git/);
      expect(calls.some((call) => call.args.includes("push"))).toBe(false);
    }
  });
});

describe("scm/github push from unusual repositories", () => {
  it("pushes from a shallow clone after origin moved, and forgets the shallow list once it is gone", async () => {
    const fixture = await makeGitHubScmFixture();
    const clone = join(makeTempDir("ao-shallow-"), "clone");
    // file:// so that --depth applies (a plain path clones locally, in full).
    runGit(fixture.repo, ["clone", "-q", "--depth", "1", `file://${fixture.origin}`, clone]);
    runGit(clone, ["config", "user.name", "T"]);
    runGit(clone, ["config", "user.email", "t@example.invalid"]);
    expect(existsSync(join(clone, ".git", "shallow"))).toBe(true);
    fixture.commit(fixture.repo);
    runGit(fixture.repo, ["push", "-q", "origin", "main"]); // origin moved past the clone's depth
    runGit(clone, ["checkout", "-q", "-b", "feat/shallow"]);
    const sha = fixture.commit(clone);

    await fixture.scm().push(clone, "feat/shallow");
    expect(fixture.remoteHead("feat/shallow")).toBe(sha);
    const dir = pushDirOf(fixture);
    expect(readFileSync(join(dir, "shallow"), "utf8")).toBe(
      readFileSync(join(clone, ".git", "shallow"), "utf8"),
    );

    runGit(clone, ["fetch", "-q", "--unshallow", "origin"]);
    const next = fixture.commit(clone);
    await fixture.scm().push(clone, "feat/shallow");
    expect(fixture.remoteHead("feat/shallow")).toBe(next);
    expect(existsSync(join(dir, "shallow"))).toBe(false);
  });

  it("names a repository whose path holds a newline in git's quoted form", async () => {
    const fixture = await makeGitHubScmFixture();
    const clone = join(makeTempDir("ao-odd-"), 'we\nird "dir"');
    runGit(fixture.repo, ["clone", "-q", fixture.origin, clone]);
    runGit(clone, ["config", "user.name", "T"]);
    runGit(clone, ["config", "user.email", "t@example.invalid"]);
    runGit(clone, ["checkout", "-q", "-b", "feat/odd"]);
    const sha = fixture.commit(clone);

    await fixture.scm().push(clone, "feat/odd");
    expect(fixture.remoteHead("feat/odd")).toBe(sha);
    const alternates = readFileSync(join(pushDirOf(fixture), "objects", "info", "alternates"), "utf8");
    expect(alternates).toBe(
      `"${join(clone, ".git", "objects").replace("\n", "\\n").replaceAll('"', '\\"')}"\n`,
    );
  });
});

describe("checkPushRemote", () => {
  it("shows git's words when the repository's config cannot be read, and says so when the remote is unset", async () => {
    const fixture = await makeGitHubScmFixture();
    const env = githubScmEnv(fixture.ctx, {
      repo: parseGitHubRepo(REPO),
      apiUrl: fixture.fake.apiUrl,
      remote: "origin",
      allowLocalRemote: true,
      draft: false,
      mergeMethod: "squash",
      trustedAuthors: DEFAULT_TRUSTED_AUTHORS,
    });
    const commonDir = makeTempDir("ao-broken-");
    const places = { worktree: commonDir, commonDir, gitDir: commonDir };
    writeFileSync(join(commonDir, "config"), '[remote "origin"\n\turl = x\n');
    const broken: unknown = await checkPushRemote(env, places).catch((e: unknown) => e);
    expect(isAoError(broken) && broken.code).toBe("E_EXEC_FAILED");
    expect(isAoError(broken) && broken.message).toMatch(
      /could not read remote origin from .*bad config line 2/,
    );

    writeFileSync(join(commonDir, "config"), "[core]\n\tbare = false\n");
    const unset: unknown = await checkPushRemote(env, places).catch((e: unknown) => e);
    expect(isAoError(unset) && unset.code).toBe("E_NOT_FOUND");
    expect(isAoError(unset) && unset.message).toMatch(/remote origin has no URL/);
  });
});
