import { createHash } from "node:crypto";
import { join } from "node:path";
import { AoError } from "../errors.js";

/** What the user service runs: this node, this ao, this AO_HOME and configuration, this PATH. */
export interface ServiceSpec {
  readonly platform: string;
  readonly aoHome: string;
  /** `ao start --foreground` and its arguments after the node and entry script. */
  readonly argv: readonly string[];
  readonly cwd: string;
  /** PATH for the agents' CLIs (a login service gets a bare one). Not a secret. */
  readonly path: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The file a user service manager reads at login, and how a person turns it on. */
export interface ServiceUnit {
  readonly kind: "systemd" | "launchd";
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** The commands that enable and start it now (printed, never run by ao). */
  readonly enable: readonly (readonly string[])[];
}

/**
 * The user service for `ao start --install-service` (docs/daemon.md, Start at login): a systemd
 * user unit under `$XDG_CONFIG_HOME/systemd/user` (else `~/.config/…`) on Linux, a launchd agent
 * under `~/Library/LaunchAgents` on macOS, named after a hash of AO_HOME so two AO_HOMEs get two
 * services. Pure: the caller writes the file.
 */
export function serviceUnit(spec: ServiceSpec): ServiceUnit {
  const id = createHash("sha256").update(spec.aoHome).digest("hex").slice(0, 8);
  const home = spec.env["HOME"];
  if (home === undefined || home === "")
    throw new AoError("E_USAGE", "HOME is not set: the user service's directory cannot be found", {
      hint: "run ao start --install-service as the user who logs in",
    });
  if (spec.platform === "linux") {
    const config = spec.env["XDG_CONFIG_HOME"] || join(home, ".config");
    const name = `ao-${id}.service`;
    return {
      kind: "systemd",
      name,
      file: join(config, "systemd", "user", name),
      text: systemdUnit(spec),
      enable: [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", name],
      ],
    };
  }
  if (spec.platform === "darwin") {
    const name = `dev.ao.${id}`;
    const file = join(home, "Library", "LaunchAgents", `${name}.plist`);
    return {
      kind: "launchd",
      name,
      file,
      text: launchdPlist(name, spec),
      enable: [["launchctl", "load", "-w", file]],
    };
  }
  throw new AoError("E_USAGE", `no user service manager ao knows on ${spec.platform}`, {
    hint: "ao writes a systemd user unit on Linux and a launchd agent on macOS; run ao start from your login scripts instead",
  });
}

function systemdUnit(spec: ServiceSpec): string {
  return [
    "# Written by `ao start --install-service`: starts ao's daemon for this AO_HOME at login, which",
    "# first restores the sessions that were live (docs/daemon.md).",
    "[Unit]",
    `Description=ao daemon for AO_HOME=${systemdEscape(spec.aoHome)}`,
    "",
    "[Service]",
    "Type=simple",
    `Environment=${systemdQuote(`AO_HOME=${spec.aoHome}`)}`,
    `Environment=${systemdQuote(`PATH=${spec.path}`)}`,
    `WorkingDirectory=${systemdEscape(spec.cwd)}`,
    `ExecStart=${spec.argv.map(systemdQuote).join(" ")}`,
    "Restart=on-failure",
    "RestartSec=10",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

/** One word of a unit file: quoted, with systemd's specifiers (%) and variables ($) kept literal. */
function systemdQuote(word: string): string {
  return `"${systemdEscape(word).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function systemdEscape(text: string): string {
  if (/[\n\r]/.test(text)) throw new AoError("E_USAGE", "a path for the user service holds a line break");
  return text.replaceAll("%", "%%").replaceAll("$", "$$$$");
}

function launchdPlist(label: string, spec: ServiceSpec): string {
  const string = (text: string) => `<string>${xmlEscape(text)}</string>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    `  <key>Label</key>${string(label)}`,
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...spec.argv.map((word) => `    ${string(word)}`),
    "  </array>",
    "  <key>EnvironmentVariables</key>",
    "  <dict>",
    `    <key>AO_HOME</key>${string(spec.aoHome)}`,
    `    <key>PATH</key>${string(spec.path)}`,
    "  </dict>",
    `  <key>WorkingDirectory</key>${string(spec.cwd)}`,
    "  <key>RunAtLoad</key><true/>",
    `  <key>StandardErrorPath</key>${string(join(spec.aoHome, "logs", "service.log"))}`,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

function xmlEscape(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
