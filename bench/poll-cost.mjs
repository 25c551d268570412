// What one poll cycle of scm/github costs in GitHub requests, with 1, 10 and 50 open PRs.
// Goal (issue 4): at most 1 + ceil(N/25) rate-limited requests per cycle, and 0 when nothing
// changed; the baseline is the 4 REST calls per PR per cycle of the best-known tool in this field.
//
// It runs the built plugin (dist/) against the fake GitHub of the tests. The fake is TypeScript
// under test/fakes/, so the bench bundles it with esbuild (bench/lib/test-modules.mjs) into a temp .mjs first:
// no TS loader at run time, and the bench measures exactly the server the tests use.
// Run: npm run build && node bench/poll-cost.mjs [--sizes 1,10,50]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadTestModules } from "./lib/test-modules.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const REPO = "acme/widgets";
const sizesFlag = process.argv.indexOf("--sizes");
const sizes = sizesFlag > 0 ? process.argv[sizesFlag + 1].split(",").map(Number) : [1, 10, 50];

const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-poll-cost-")));
const git = (cwd, args) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      LC_ALL: "C",
      GIT_AUTHOR_NAME: "b",
      GIT_AUTHOR_EMAIL: "b@ao.invalid",
      GIT_COMMITTER_NAME: "b",
      GIT_COMMITTER_EMAIL: "b@ao.invalid",
    },
  }).trim();

function loadFake() {
  return loadTestModules({
    "test/fakes/github/fake-github.ts": ["startFakeGitHub"],
    "test/fakes/github/seed.ts": ["seedBranches"],
  });
}

async function loadPlugin() {
  const github = join(root, "dist/plugins/scm/github.js");
  if (!existsSync(github)) throw new Error("dist/plugins/scm/github.js is missing: run npm run build first");
  const { createGitHubScm, plugin } = await import(pathToFileURL(github).href);
  const { parseGitHubRepo } = await import(
    pathToFileURL(join(root, "dist/plugins/_shared/github/repo.js")).href
  );
  return { createGitHubScm, plugin, parseGitHubRepo };
}

/** A bare origin with `count` branches, each with an open PR whose CI passed (a settled project). */
function makeWorld(fake, count, index) {
  const origin = join(dir, `origin-${index}.git`);
  const work = join(dir, `work-${index}`);
  mkdirSync(work);
  git(dir, ["init", "-q", "--bare", "--initial-branch=main", origin]);
  git(work, ["init", "-q", "--initial-branch=main"]);
  git(work, ["commit", "-q", "--allow-empty", "-m", "initial"]);
  git(work, ["push", "-q", origin, "main"]);
  fake.addRepo(REPO, origin);
  return origin;
}

/** A new commit on the branch in the bare repo, as an agent's push would make. */
function pushTo(origin, branch) {
  const head = git(origin, ["rev-parse", `refs/heads/${branch}`]);
  const next = git(origin, ["commit-tree", `${head}^{tree}`, "-p", head, "-m", "fix"]);
  git(origin, ["update-ref", `refs/heads/${branch}`, next, head]);
  return next;
}

function cost(fake) {
  const counted = fake.requests.filter((r) => r.rateLimited);
  const logs = counted.filter((r) => r.path.endsWith("/logs")).length;
  return {
    limited: counted.length - logs,
    logs,
    notModified: fake.requests.filter((r) => r.status === 304).length,
  };
}

async function measure(mod, plugin, n, index) {
  const fake = await mod.startFakeGitHub();
  try {
    const origin = makeWorld(fake, n, index);
    const branches = Array.from({ length: n }, (_, i) => `feat/pr-${i + 1}`);
    mod.seedBranches(origin, branches);
    const refs = branches.map((head) => {
      const pull = fake.openPull(REPO, { head });
      fake.setCi(REPO, pull.number, "passing");
      return { number: pull.number, branch: head };
    });
    const ctx = {
      env: { GITHUB_TOKEN: "bench-token" },
      exec: () => Promise.reject(new Error("observe runs no process")),
      logger: { debug() {}, info() {}, warn() {}, error() {}, flush() {} },
      paths: { home: join(dir, `home-${index}`) },
    };
    const options = plugin.plugin.options.parse({ repo: REPO, apiUrl: fake.apiUrl });
    const scm = plugin.createGitHubScm(ctx, options, plugin.parseGitHubRepo(REPO), {
      writeSpacingMs: 0,
      mergeableRetryDelayMs: 10,
    });
    const cycle = async () => {
      fake.resetRequests();
      const seen = await scm.observe(refs);
      if (seen.size !== n) throw new Error(`observed ${seen.size} of ${n} PRs`);
      return { ...cost(fake), seen };
    };
    const first = await cycle();
    const unchanged = await cycle();
    const changed = refs[Math.floor(n / 2)];
    const sha = pushTo(origin, changed.branch);
    fake.addCheckRun(REPO, sha, { name: "unit tests", conclusion: "failure", log: "FAIL src/a.test.ts\n" });
    const afterCi = await cycle();
    if (afterCi.seen.get(changed.number).ci.state !== "failing")
      throw new Error("the CI change was not seen");
    return { n, first, unchanged, afterCi };
  } finally {
    await fake.close();
  }
}

try {
  const mod = await loadFake();
  const plugin = await loadPlugin();
  const rows = [];
  for (const [index, n] of sizes.entries()) rows.push(await measure(mod, plugin, n, index));
  const line = (cells) => console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 6 : 14)).join(""));
  console.log("rate-limited requests per poll cycle (job-log downloads counted apart)\n");
  line(["PRs", "first", "unchanged", "CI changed", "log fetches", "goal", "baseline 4N", "first/base"]);
  let met = true;
  for (const { n, first, unchanged, afterCi } of rows) {
    const goal = 1 + Math.ceil(n / 25);
    met &&= first.limited <= goal && unchanged.limited === 0 && afterCi.limited <= goal;
    line([
      n,
      first.limited,
      `${unchanged.limited} (${unchanged.notModified}x304)`,
      afterCi.limited,
      afterCi.logs,
      `<= ${goal}`,
      4 * n,
      `${((first.limited / (4 * n)) * 100).toFixed(0)}%`,
    ]);
  }
  console.log(`\ngoal (<= 1 + ceil(N/25) per cycle, 0 when unchanged): ${met ? "met" : "NOT met"}`);
  process.exitCode = met ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
