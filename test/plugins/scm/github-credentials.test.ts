import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Exec } from "../../../src/core/exec.js";
import { createExec } from "../../../src/core/exec.js";
import { isAoError } from "../../../src/core/errors.js";
import { createLogger } from "../../../src/core/logger.js";
import { parseGitHubRepo } from "../../../src/plugins/_shared/github/repo.js";
import { createGitHubScm, plugin } from "../../../src/plugins/scm/github.js";
import { installAskpassScript } from "../../../src/plugins/scm/github/push-branch.js";
import { runGit } from "../../helpers/git-repo.js";
import { TEST_TOKEN } from "../_shared/github/github-fixture.js";
import { FAST, makeGitHubScmFixture, REPO } from "./github-fixture.js";

interface ExecCall {
  file: string;
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>> | undefined;
}

describe("scm/github credentials", () => {
  it("keeps the token out of argv, log files, requests' bodies and URLs, and errors", async () => {
    const fixture = await makeGitHubScmFixture();
    // A real file logger under AO_HOME/logs (debug level: every exec is logged) and a recording exec.
    const logger = createLogger({ dir: fixture.ctx.paths.logs, fileLevel: "debug" });
    const realExec = createExec(logger, fixture.ctx.env);
    const calls: ExecCall[] = [];
    const exec: Exec = (file, args, options) => {
      calls.push({ file, args, env: options?.env });
      return realExec(file, args, options);
    };
    const ctx = { ...fixture.ctx, logger, exec };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl, allowLocalRemote: true });
    const scm = createGitHubScm(ctx, options, parseGitHubRepo(REPO), FAST);

    const worktree = fixture.checkout("feat/secret");
    await scm.push(worktree, "feat/secret");
    const pr = await scm.openPullRequest({ branch: "feat/secret", base: "main", title: "S", body: "b" });
    fixture.fake.setCi(REPO, pr.number, "failing", [{ name: "unit", log: "failed" }]);
    fixture.fake.failNext({ status: 429, retryAfter: 1 }); // a logged warning with the request's URL
    await scm.observe([pr]);
    const rejected = await scm.merge(pr, { sha: "0".repeat(40), method: "squash" }).catch((e: unknown) => e);
    await scm.push(worktree, "no-such-branch").catch(() => undefined); // a logged, failed git command
    logger.flush();

    // The fixture's remote is a bare repo on disk: no prompt to answer, so no token in the push.
    const push = calls.find((call) => call.args.includes("push"))!;
    expect(push.args).toEqual(expect.arrayContaining(["core.hooksPath=/dev/null", "--no-verify"]));
    expect(Object.values(push.env ?? {})).not.toContain(TEST_TOKEN);
    for (const call of calls) expect([call.file, ...call.args].join(" ")).not.toContain(TEST_TOKEN);

    const logs = readdirSync(fixture.ctx.paths.logs).map((f) =>
      readFileSync(join(fixture.ctx.paths.logs, f), "utf8"),
    );
    expect(logs.join("")).toContain("github secondary rate limit");
    expect(logs.join("")).toContain("exec");
    expect(logs.join("")).not.toContain(TEST_TOKEN);

    expect(fixture.fake.requests.length).toBeGreaterThan(3);
    for (const request of fixture.fake.requests) expect(JSON.stringify(request)).not.toContain(TEST_TOKEN);
    expect(JSON.stringify(rejected)).not.toContain(TEST_TOKEN);
    expect(String((rejected as Error).message)).not.toContain(TEST_TOKEN);
  });

  it("answers git's prompts from the environment through the askpass script", async () => {
    const fixture = await makeGitHubScmFixture();
    const script = await installAskpassScript({ ctx: fixture.ctx });
    expect(script).toBe(join(fixture.ctx.paths.home, "bin", "git-askpass-github.sh"));
    expect(readFileSync(script, "utf8")).not.toContain(TEST_TOKEN);
    const env = {
      PATH: process.env["PATH"],
      AO_GITHUB_PUSH_TOKEN: TEST_TOKEN,
      AO_GITHUB_PUSH_HOST: "github.com",
    };
    const ask = (prompt: string) => execFileSync(script, [prompt], { env, encoding: "utf8" }).trim();
    expect(ask("Username for 'https://github.com': ")).toBe("x-access-token");
    expect(ask("Password for 'https://x-access-token@github.com': ")).toBe(TEST_TOKEN);
    expect(ask("Password for 'https://x-access-token@github.com/acme/widgets.git': ")).toBe(TEST_TOKEN);
  });

  it("answers nothing when the prompt names another host or scheme", async () => {
    const fixture = await makeGitHubScmFixture();
    const script = await installAskpassScript({ ctx: fixture.ctx });
    const env = {
      PATH: process.env["PATH"],
      AO_GITHUB_PUSH_TOKEN: TEST_TOKEN,
      AO_GITHUB_PUSH_HOST: "github.com",
    };
    const ask = (prompt: string) =>
      spawnSync(script, [prompt], { env, encoding: "utf8" }) as { status: number; stdout: string };
    for (const prompt of [
      "Password for 'https://x-access-token@evil.example': ",
      "Password for 'https://x-access-token@github.com.evil.example': ",
      "Password for 'https://github.com@evil.example': ",
      "Password for 'https://evil.example/github.com': ",
      "Password for 'http://x-access-token@github.com': ",
      "Username for 'https://evil.example': ",
      "Enter passphrase for key '/home/me/.ssh/id_ed25519': ",
    ]) {
      const answer = ask(prompt);
      expect({ prompt, status: answer.status, stdout: answer.stdout }).toEqual({
        prompt,
        status: 1,
        stdout: "",
      });
    }
    const noHost = spawnSync(script, ["Password for 'https://x@github.com': "], {
      env: { ...env, AO_GITHUB_PUSH_HOST: "" },
      encoding: "utf8",
    });
    expect(noHost.stdout).toBe("");
  });

  it("offers the token only to an https remote on the API's host", async () => {
    const fixture = await makeGitHubScmFixture();
    const calls: ExecCall[] = [];
    const exec: Exec = (file, args, options) => {
      calls.push({ file, args, env: options?.env });
      return fixture.ctx.exec(file, args, options);
    };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl });
    const scm = createGitHubScm({ ...fixture.ctx, exec }, options, parseGitHubRepo(REPO), FAST);
    const worktree = fixture.checkout("feat/https");
    // Port 1: nothing listens, so the push fails after git has been handed its environment.
    runGit(worktree, ["remote", "set-url", "--push", "origin", "https://127.0.0.1:1/acme/widgets.git"]);
    await scm.push(worktree, "feat/https").catch(() => undefined);
    const push = calls.find((call) => call.args.includes("push"))!;
    expect(push.env).toMatchObject({ AO_GITHUB_PUSH_TOKEN: TEST_TOKEN, AO_GITHUB_PUSH_HOST: "127.0.0.1" });
    expect(push.env?.["GIT_ASKPASS"]).toMatch(/git-askpass-github\.sh$/);
  });

  it("refuses a remote that points at another host, also through insteadOf", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    const worktree = fixture.checkout("feat/elsewhere");
    runGit(worktree, ["remote", "set-url", "--push", "origin", "https://evil.example/acme/widgets.git"]);
    const error: unknown = await scm.push(worktree, "feat/elsewhere").catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_GITHUB_API");
    expect(isAoError(error) && error.message).toMatch(/evil\.example.*not to 127\.0\.0\.1/);

    // (A rewrite in the person's global config is checked too: github-push.test.ts.)
    runGit(worktree, ["remote", "set-url", "--push", "origin", "ext::sh -c true"]);
    const helper: unknown = await scm.push(worktree, "feat/elsewhere").catch((e: unknown) => e);
    expect(isAoError(helper) && helper.code).toBe("E_GITHUB_API");
    expect(fixture.remoteHead("feat/elsewhere")).toBeNull();
  });

  it("runs no hook of the worktree's while pushing", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/hooked");
    const hooks = join(worktree, ".agent-hooks");
    const marker = join(worktree, "hook-ran");
    mkdirSync(hooks);
    writeFileSync(join(hooks, "pre-push"), `#!/bin/sh\nenv > '${marker}'\n`, { mode: 0o755 });
    runGit(worktree, ["config", "core.hooksPath", hooks]);
    await fixture.scm().push(worktree, "feat/hooked");
    expect(fixture.remoteHead("feat/hooked")).not.toBeNull();
    expect(existsSync(marker)).toBe(false);
  });
});
