import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Exec } from "../../../src/core/exec.js";
import { createExec } from "../../../src/core/exec.js";
import { createLogger } from "../../../src/core/logger.js";
import { parseGitHubRepo } from "../../../src/plugins/_shared/github/repo.js";
import { createGitHubScm, plugin } from "../../../src/plugins/scm/github.js";
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
    const logger = createLogger({ dir: fixture.ctx.paths.logs });
    const realExec = createExec(logger, fixture.ctx.env);
    const calls: ExecCall[] = [];
    const exec: Exec = (file, args, options) => {
      calls.push({ file, args, env: options?.env });
      return realExec(file, args, options);
    };
    const ctx = { ...fixture.ctx, logger, exec };
    const options = plugin.options.parse({ repo: REPO, apiUrl: fixture.fake.apiUrl });
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

    const push = calls.find((call) => call.args.includes("push"))!;
    expect(push.env?.["GIT_ASKPASS"]).toMatch(/git-askpass-github\.sh$/);
    expect(Object.values(push.env ?? {})).toContain(TEST_TOKEN); // only in the child's environment
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
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/askpass"), "feat/askpass");
    const script = join(fixture.ctx.paths.home, "bin", "git-askpass-github.sh");
    expect(readFileSync(script, "utf8")).not.toContain(TEST_TOKEN);
    const env = { PATH: process.env["PATH"], AO_GITHUB_PUSH_TOKEN: TEST_TOKEN };
    const ask = (prompt: string) => execFileSync(script, [prompt], { env, encoding: "utf8" }).trim();
    expect(ask("Username for 'https://github.com': ")).toBe("x-access-token");
    expect(ask("Password for 'https://x-access-token@github.com': ")).toBe(TEST_TOKEN);
  });
});
