import { execFileSync } from "node:child_process";

/**
 * Many branches in a bare repository with one git call (`git fast-import`): each branch gets one
 * commit on top of `base` adding its own file. For tests and the poll-cost bench that need tens
 * of pull requests without tens of pushes.
 */
export function seedBranches(repo: string, branches: readonly string[], base = "main"): Map<string, string> {
  const baseSha = execFileSync("git", ["rev-parse", `refs/heads/${base}`], {
    cwd: repo,
    encoding: "utf8",
  }).trim();
  const blocks = branches.map((branch, index) => {
    const message = `work on ${branch}\n`;
    const file = `${branch.replaceAll("/", "-")}.txt`;
    const content = `${branch}\n`;
    return [
      `commit refs/heads/${branch}`,
      `committer ao test <test@ao.invalid> ${String(1_767_225_600 + index)} +0000`,
      `data ${String(Buffer.byteLength(message))}`,
      message,
      `from ${baseSha}`,
      `M 100644 inline ${file}`,
      `data ${String(Buffer.byteLength(content))}`,
      content,
    ].join("\n");
  });
  execFileSync("git", ["fast-import", "--quiet"], {
    cwd: repo,
    input: blocks.join("\n") + "\n",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" },
  });
  const out = execFileSync("git", ["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/"], {
    cwd: repo,
    encoding: "utf8",
  });
  const heads = new Map<string, string>();
  for (const line of out.trim().split("\n")) {
    const [sha = "", ref = ""] = line.split(" ");
    heads.set(ref.replace(/^refs\/heads\//, ""), sha);
  }
  return new Map(branches.map((branch) => [branch, heads.get(branch) ?? ""]));
}
