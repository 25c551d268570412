import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { WorkspaceInfo } from "../../../src/core/slots/workspace.js";
import { isCheckout, makeWorkspaceFixture, worktreePaths } from "./workspace-fixture.js";

const CHILD = fileURLToPath(new URL("./fixtures/create-workspace-child.mjs", import.meta.url));
const builtPlugin = (name: string): string =>
  fileURLToPath(new URL(`../../../dist/plugins/workspace/${name}.js`, import.meta.url));

/** Resolves with the child's stdout; rejects with its stderr when it fails. */
function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`child failed: ${stderr}`)),
    );
  });
}

describe.each(["worktree", "clone"])("workspace/%s from separate OS processes", (name) => {
  it("10 processes creating at once in one repository all succeed", { timeout: 180_000 }, async () => {
    expect(existsSync(builtPlugin(name)), "the child imports dist/: run `npm run build` first").toBe(true);
    const { repo, baseDir } = makeWorkspaceFixture();
    const ids = Array.from({ length: 10 }, (_, i) => `app-${String(i + 1)}`);
    const outputs = await Promise.all(ids.map((id) => runChild([name, repo.dir, baseDir, id, "feat/race"])));
    const infos = outputs.map((output) => JSON.parse(output) as WorkspaceInfo);
    expect(new Set(infos.map((info) => info.branch)).size).toBe(10);
    expect(new Set(infos.map((info) => info.path)).size).toBe(10);
    for (const info of infos) expect(isCheckout(info.path)).toBe(true);
    if (name === "worktree") expect(worktreePaths(repo.dir)).toHaveLength(11);
  });
});
