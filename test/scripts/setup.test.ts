import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const setup = fileURLToPath(new URL("../../scripts/setup.sh", import.meta.url));
const checkoutAo = fileURLToPath(new URL("../../bin/ao.js", import.meta.url));

/** Sources setup.sh (which then only defines its steps) and runs one of them. */
function runStep(step: string, env: Record<string, string>) {
  const result = spawnSync(
    "bash",
    ["-c", `source "$SETUP"; ${step}; echo "nodedir=\${npm_config_nodedir:-}"`],
    {
      env: { PATH: process.env["PATH"] ?? "", SETUP: setup, ...env },
      encoding: "utf8",
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), "ao-setup-"));
  const npmrc = join(dir, "npmrc");
  writeFileSync(npmrc, "");
  // npm reads no config of this machine's: as for a user whose npm config lacks nodedir.
  const npmEnv = { npm_config_userconfig: npmrc, npm_config_globalconfig: npmrc, HOME: dir };
  return { dir, npmEnv };
}

describe("scripts/setup.sh", () => {
  it("finds the headers Node ships next to its binary when npm's config does not name them", () => {
    const { dir, npmEnv } = sandbox();
    mkdirSync(join(dir, "node", "bin"), { recursive: true });
    mkdirSync(join(dir, "node", "include", "node"), { recursive: true });
    writeFileSync(join(dir, "node", "include", "node", "common.gypi"), "{}\n");
    // A node that is a file of this prefix (as in Node's tarballs), not a link into /usr.
    writeFileSync(join(dir, "node", "bin", "node"), `#!/bin/sh\nexec "${process.execPath}" "$@"\n`, {
      mode: 0o755,
    });
    const path = `${join(dir, "node", "bin")}:${process.env["PATH"] ?? ""}`;
    const result = runStep("find_node_headers", { ...npmEnv, PATH: path });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`nodedir=${join(dir, "node")}`);
    expect(result.stderr).toContain(`using Node's headers in ${join(dir, "node", "include", "node")}`);
  });

  it("says so when it replaces a global ao link that pointed at another build", () => {
    const { dir } = sandbox();
    const bindir = join(dir, "prefix", "bin");
    mkdirSync(bindir, { recursive: true });
    symlinkSync("/opt/other-ao/bin/ao.js", join(bindir, "ao"));
    const result = runStep("link_binary", { npm_config_prefix: join(dir, "prefix"), HOME: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `replacing ${join(bindir, "ao")}, which pointed at /opt/other-ao/bin/ao.js`,
    );
    expect(readlinkSync(join(bindir, "ao"))).toBe(checkoutAo);
  });

  it("leaves a global ao that is not a link alone, with a hint", () => {
    const { dir } = sandbox();
    const bindir = join(dir, "prefix", "bin");
    mkdirSync(bindir, { recursive: true });
    writeFileSync(join(bindir, "ao"), "#!/bin/sh\necho someone else's ao\n");
    const result = runStep("link_binary", { npm_config_prefix: join(dir, "prefix"), HOME: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("exists and is not a link; setup leaves it alone");
  });

  it("warns, naming both, when another ao comes first on PATH, and prints the path it linked", () => {
    const { dir } = sandbox();
    const prefix = join(dir, "prefix");
    mkdirSync(join(prefix, "bin"), { recursive: true });
    const other = join(dir, "other", "bin");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "ao"), "#!/bin/sh\necho an older ao\n", { mode: 0o755 });
    // Where setup links ao (npm's global bin here; ~/.local/bin where that is not writable).
    const local = join(prefix, "bin");
    const path = `${other}:${local}:${process.env["PATH"] ?? ""}`;
    const result = runStep("link_binary", { npm_config_prefix: prefix, HOME: dir, PATH: path });
    expect(result.code).toBe(0);
    expect(readlinkSync(join(local, "ao"))).toBe(checkoutAo);
    expect(result.stderr).toContain(`linked ${join(local, "ao")} -> ${checkoutAo}`);
    expect(result.stderr).toContain(
      `warning: 'ao' runs ${join(other, "ao")}, which comes before ${join(local, "ao")} on PATH`,
    );
    expect(result.stderr).toContain(`put ${local} first`);
    expect(result.stderr).not.toContain("ao is ready");

    // With the link first on PATH: ready, no warning.
    const first = runStep("link_binary", {
      npm_config_prefix: prefix,
      HOME: dir,
      PATH: `${local}:${other}:${process.env["PATH"] ?? ""}`,
    });
    expect(first.stderr).toContain(`ao is ready: ${join(local, "ao")}`);
    expect(first.stderr).not.toContain("warning");
  });
});
