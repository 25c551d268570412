import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  cpSync,
  chmodSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * Real podman for the docker runtime's tests. They run when podman is on PATH, and must run (a
 * missing podman fails them) when AO_REQUIRE_PODMAN is set, as CI does (.ci/run).
 */
export const podmanPresent = spawnSync("podman", ["--version"], { stdio: "ignore" }).status === 0;
export const runPodmanTests = podmanPresent || process.env["AO_REQUIRE_PODMAN"] === "1";

/** This machine's OCI runtime for tests: crun cannot set rlimits here, runc can (docs/docker.md). */
export const TEST_OCI_RUNTIME = "runc";

const PROGRAMS = ["dash", "tmux", "git", "node", "env", "cat", "rm", "sleep", "mkdir", "ls", "chmod"];
const RECIPE = "ao-test-image v1";

/**
 * A small image from this machine's own binaries (no registry is reachable): sh, tmux, git, node
 * (the fake agents are node scripts), the libraries `ldd` names, terminfo and the C.UTF-8 locale,
 * imported with `podman import`. Its tag is a hash of the recipe and each file's path, size and
 * mtime, so test files share one build and a changed binary makes a new one.
 */
let built: string | undefined;

export function testImage(): string {
  built ??= buildTestImage();
  return built;
}

function buildTestImage(): string {
  const files = imageFiles();
  const key = createHash("sha256").update(RECIPE);
  for (const file of files) {
    const stat = statSync(file);
    key.update(`${file}\0${String(stat.size)}\0${String(stat.mtimeMs)}\n`);
  }
  const tag = `localhost/ao-test-runtime:${key.digest("hex").slice(0, 16)}`;
  if (spawnSync("podman", ["image", "exists", tag]).status === 0) return tag;
  const root = mkdtempSync(join(tmpdir(), "ao-image-"));
  try {
    buildRootfs(root, files);
    execFileSync("/bin/sh", ["-c", 'tar -C "$1" -c . | podman import -q - "$2"', "sh", root, tag], {
      stdio: "ignore",
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return tag;
}

function imageFiles(): string[] {
  const programs = PROGRAMS.map((name) =>
    execFileSync("/bin/sh", ["-c", 'command -v "$1"', "sh", name], { encoding: "utf8" }).trim(),
  );
  const libraries = new Set<string>();
  for (const program of programs) {
    const ldd = spawnSync("ldd", [program], { encoding: "utf8" }).stdout;
    for (const match of ldd.matchAll(/(\/\S+\.so[\w.]*)/g)) if (match[1]) libraries.add(match[1]);
  }
  return [...programs, ...libraries, "/usr/lib/git-core/git"];
}

function buildRootfs(root: string, files: readonly string[]): void {
  for (const dir of ["usr/bin", "usr/lib", "usr/lib64", "etc", "tmp", "root"])
    mkdirSync(join(root, dir), { recursive: true });
  for (const [link, target] of [
    ["bin", "usr/bin"],
    ["lib", "usr/lib"],
    ["lib64", "usr/lib64"],
  ] as const)
    symlinkSync(target, join(root, link));
  chmodSync(join(root, "tmp"), 0o1777);
  for (const file of files) {
    const target = join(root, file.replace(/^\/(bin|lib|lib64)\//, "/usr/$1/"));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
    chmodSync(target, statSync(file).mode & 0o7777);
  }
  symlinkSync("dash", join(root, "usr/bin/sh"));
  for (const dir of ["/usr/lib/terminfo", "/usr/lib/locale/C.utf8"]) {
    if (statSync(dir, { throwIfNoEntry: false })) cpSync(dir, join(root, dir), { recursive: true });
  }
  writeFileSync(join(root, "etc/passwd"), "root:x:0:0:root:/root:/bin/sh\n");
  writeFileSync(join(root, "etc/group"), "root:x:0:\n");
}

/** Removes the containers of one AO_HOME's tests (label `ao.home`), whatever state they are in. */
export function removeTestContainers(homeTag: string): void {
  const ids = spawnSync("podman", ["ps", "-aq", "--filter", `label=ao.home=${homeTag}`], {
    encoding: "utf8",
  }).stdout;
  const list = ids.split("\n").filter((id) => id !== "");
  if (list.length > 0) spawnSync("podman", ["rm", "-f", "-t", "0", ...list], { stdio: "ignore" });
}
