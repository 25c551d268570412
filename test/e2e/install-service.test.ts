import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeE2e } from "./e2e-fixture.js";

/**
 * `ao start --install-service` (issue 29) through the built ao, in a temporary HOME: the systemd
 * user unit lands under XDG_CONFIG_HOME (else ~/.config), runs `ao start --foreground` for this
 * AO_HOME and configuration, the output says how to enable it, and a different unit already there
 * is kept unless --force. systemctl is never run.
 */
describe("ao start --install-service", () => {
  it("writes the systemd user unit for this AO_HOME under the user's config directory", () => {
    const e2e = makeE2e();
    const written = e2e.ao(["start", "--install-service"]);
    expect(written.exitCode, written.stderr).toBe(0);
    const file = /^wrote: (\S+)$/m.exec(written.stdout)?.[1] ?? "";
    expect(file.startsWith(join(e2e.userHome, ".config", "systemd", "user", "ao-"))).toBe(true);
    expect(file.endsWith(".service")).toBe(true);
    const name = file.split("/").at(-1)!;
    expect(written.stdout).toContain(`systemctl --user enable --now ${name}`);
    const unit = readFileSync(file, "utf8");
    expect(unit).toContain(`Environment="AO_HOME=${e2e.home}"`);
    expect(unit).toMatch(/^ExecStart="[^"]+node[^"]*" "[^"]+\/bin\/ao\.js" "start" "--foreground"$/m);
    expect(unit).toContain("WantedBy=default.target");
    expect(e2e.ao(["status", "--json"]).stdout).not.toContain('"running":true');

    // The same unit again: unchanged. --json says the same.
    const again = e2e.ao(["start", "--install-service", "--json"]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      kind: "systemd",
      name,
      file,
      outcome: "unchanged",
      enable: [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", name],
      ],
    });

    // A different unit there is kept unless --force.
    writeFileSync(file, "[Service]\nExecStart=/bin/true\n");
    const refused = e2e.ao(["start", "--install-service"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`${file} exists and differs`);
    expect(refused.stderr).toContain("--force");
    expect(readFileSync(file, "utf8")).toBe("[Service]\nExecStart=/bin/true\n");
    const forced = e2e.ao(["start", "--install-service", "--force", "--json"]);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ outcome: "written" });
    expect(readFileSync(file, "utf8")).toBe(unit);
  });

  it("honours XDG_CONFIG_HOME and names the configuration given with --config", () => {
    const e2e = makeE2e();
    const xdg = makeTempDir("ao-xdg-");
    const config = join(e2e.configDir, "agent-orchestrator.yaml");
    const run = e2e.ao(["--config", config, "start", "--install-service", "--json"], {
      env: { XDG_CONFIG_HOME: xdg },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const { file, text } = JSON.parse(run.stdout) as { file: string; text: string };
    expect(file.startsWith(join(xdg, "systemd", "user", "ao-"))).toBe(true);
    expect(existsSync(join(e2e.userHome, ".config"))).toBe(false);
    expect(text).toContain(`"start" "--foreground" "--config" "${config}"`);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});
