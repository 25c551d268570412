import { describe, expect, it } from "vitest";
import { serviceUnit } from "../../../src/core/daemon/service-unit.js";

const SPEC = {
  aoHome: "/home/ada/.ao work",
  argv: ["/usr/bin/node", "/opt/ao/bin/ao.js", "start", "--foreground"],
  cwd: "/home/ada/src",
  path: "/usr/bin:/bin",
};

describe("serviceUnit", () => {
  it("writes a launchd agent under ~/Library/LaunchAgents on macOS, escaped for XML", () => {
    const unit = serviceUnit({
      ...SPEC,
      aoHome: "/Users/ada/<ao>&",
      platform: "darwin",
      env: { HOME: "/Users/ada" },
    });
    expect(unit.kind).toBe("launchd");
    expect(unit.file).toMatch(/^\/Users\/ada\/Library\/LaunchAgents\/dev\.ao\.[0-9a-f]{8}\.plist$/);
    expect(unit.text).toContain("<key>AO_HOME</key><string>/Users/ada/&lt;ao&gt;&amp;</string>");
    expect(unit.text).toContain("<string>--foreground</string>");
    expect(unit.text).toContain("<key>RunAtLoad</key><true/>");
    expect(unit.enable).toEqual([["launchctl", "load", "-w", unit.file]]);
  });

  it("keeps systemd's % and $ literal in a unit's words, and names the unit after AO_HOME", () => {
    const one = serviceUnit({
      ...SPEC,
      aoHome: "/srv/100%$HOME",
      platform: "linux",
      env: { HOME: "/home/ada" },
    });
    expect(one.text).toContain('Environment="AO_HOME=/srv/100%%$$HOME"');
    const other = serviceUnit({ ...SPEC, platform: "linux", env: { HOME: "/home/ada" } });
    expect(one.name).not.toBe(other.name);
    expect(other.file).toBe(`/home/ada/.config/systemd/user/${other.name}`);
  });

  it("refuses a platform without a user service manager it knows, and a missing HOME", () => {
    expect(() => serviceUnit({ ...SPEC, platform: "win32", env: { HOME: "/h" } })).toThrow(/win32/);
    expect(() => serviceUnit({ ...SPEC, platform: "linux", env: {} })).toThrow(/HOME is not set/);
  });
});
