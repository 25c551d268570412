import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { colorEnabled, renderTable, writeJson, writeLines } from "../render.js";

const PAIR_FLAGS = defineFlags({
  ...jsonFlag('print { "code", "expiresAt", "urls", "fingerprint" } as JSON'),
  qr: {
    type: "boolean",
    description: "draw the first link as a QR code to scan with the phone (default: on a terminal)",
    negate: "never draw the QR code",
  },
});
const LIST_FLAGS = defineFlags(jsonFlag("print the paired devices as JSON"));
const REVOKE_FLAGS = defineFlags(jsonFlag('print { "id", "revoked" } as JSON'));

/**
 * `ao dashboard pair`, `ao dashboard devices [revoke <id>]` (docs/dashboard.md, "Pairing a
 * device"): the desk makes one-time codes and sees and revokes the devices paired with them.
 */
export function registerDeviceCommands(dashboard: Command, cli: CliRuntime): void {
  const pair = dashboard
    .command("pair")
    .description("show a one-time code (5 minutes, single use) that pairs another device with the dashboard");
  addFlags(pair, PAIR_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(PAIR_FLAGS, command);
      const { makePairingCode } = await import("../../web/remote/device-commands.js");
      const answer = await makePairingCode(ctx);
      if (wantsJson(flags, command)) writeJson(ctx.stdout, answer);
      else writeLines(ctx.stdout, [...pairLines(answer), ...(await qrLines(ctx, flags.qr, answer.urls[0]))]);
      return 0;
    }),
  );
  const devices = dashboard.command("devices").description("list the devices paired with the dashboard");
  addFlags(devices, LIST_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const json = wantsJson(await readFlags(LIST_FLAGS, command), command);
      const { listDevices } = await import("../../web/remote/device-commands.js");
      const list = await listDevices(ctx);
      if (json) writeJson(ctx.stdout, { devices: list });
      else if (list.length === 0) writeLines(ctx.stdout, ["no paired devices (ao dashboard pair pairs one)"]);
      else
        writeLines(
          ctx.stdout,
          renderTable(list, [
            { header: "id", value: (device) => device.id },
            { header: "name", value: (device) => device.name },
            { header: "paired at", value: (device) => device.pairedAt },
            { header: "last seen", value: (device) => device.lastSeenAt ?? "never" },
            { header: "user agent", value: (device) => device.userAgent.slice(0, 60) },
          ]),
        );
      return 0;
    }),
  );
  const revoke = devices
    .command("revoke")
    .description("revoke a paired device: it is refused at once and its open pages are cut off")
    .argument("<id>", "the device's id, as ao dashboard devices lists it");
  addFlags(revoke, REVOKE_FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const json = wantsJson(await readFlags(REVOKE_FLAGS, command), command);
      const { revokeDevice } = await import("../../web/remote/device-commands.js");
      await revokeDevice(ctx, id);
      if (json) writeJson(ctx.stdout, { id, revoked: true });
      else writeLines(ctx.stdout, [`revoked device ${id}`]);
      return 0;
    }),
  );
}

/**
 * `ao dashboard` declares `--json` too, and commander gives a parent's option to the parent even
 * when it is written after the subcommand: `ao dashboard devices --json` sets the parent's.
 */
function wantsJson(flags: { json: boolean }, command: Command): boolean {
  return flags.json || command.optsWithGlobals<{ json?: boolean }>().json === true;
}

/**
 * The first link as a QR code, under the lines, when `--qr` asks or (neither flag) stdout is a
 * terminal: what a phone scans instead of typing the link. Coloured like the rest of ao's output.
 */
async function qrLines(
  ctx: Pick<AoContext, "stdout" | "env">,
  asked: boolean | undefined,
  url: string | undefined,
): Promise<string[]> {
  if (url === undefined || !(asked ?? ctx.stdout.isTTY === true)) return [];
  const { terminalQr } = await import("../terminal-qr.js");
  return [
    "",
    "or scan this with the phone's camera:",
    ...terminalQr(url, { color: colorEnabled(ctx.stdout, ctx.env) }),
  ];
}

function pairLines(answer: {
  code: string;
  expiresAt: string;
  urls: readonly string[];
  fingerprint: string | null;
}): string[] {
  return [
    `pairing code: ${answer.code} (single use, until ${new Date(answer.expiresAt).toLocaleTimeString()})`,
    "on the new device, open one of these and enter the code (the link fills it in):",
    ...answer.urls.map((url) => `  ${url}`),
    ...(answer.fingerprint === null
      ? []
      : [`the certificate the device is shown must have SHA-256 ${answer.fingerprint}`]),
  ];
}
