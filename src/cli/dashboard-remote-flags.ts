import { resolve } from "node:path";
import { AoError } from "../core/errors.js";
import type { RemoteOptions } from "../web/remote/remote-mount.js";
import { parseListenAddress } from "../web/remote/listen-address.js";
import { normalizeAllowedHost } from "../web/remote/request-origin.js";
import { defineFlags, type Flags } from "./flags.js";

/**
 * `ao start` and `ao dashboard`'s flags for reaching the dashboard from another device
 * (docs/dashboard.md, "From another device"), declared once for both.
 */
export const REMOTE_FLAGS = defineFlags({
  listen: {
    type: "string",
    value: "addr",
    description:
      "also serve the dashboard over HTTPS on this address for paired devices (0.0.0.0:8443, 192.168.1.5:0); never plain HTTP",
  },
  cert: {
    type: "string",
    value: "file",
    description: "with --listen: your own certificate (PEM) instead of one ao makes",
  },
  key: { type: "string", value: "file", description: "with --listen: that certificate's private key (PEM)" },
  allowHost: {
    type: "list",
    value: "name",
    description:
      "also accept this Host name, of a proxy in front of the dashboard (tailscale serve's <machine>.<tailnet>.ts.net); repeatable",
  },
});

export type RemoteFlags = Flags<typeof REMOTE_FLAGS>;

/** The flags as the dashboard's mount takes them, checked (a bad address is a usage error now, not in a log). */
export function remoteOptionsOf(flags: RemoteFlags, cwd: string): RemoteOptions {
  if (flags.listen === undefined && (flags.cert !== undefined || flags.key !== undefined))
    throw new AoError("E_USAGE", "--cert and --key are for --listen", { hint: "add --listen <addr>" });
  return {
    allowedHosts: flags.allowHost.map(checkedHost),
    ...(flags.listen === undefined
      ? {}
      : {
          listen: {
            listen: parseListenAddress(flags.listen),
            certFile: flags.cert === undefined ? undefined : resolve(cwd, flags.cert),
            keyFile: flags.key === undefined ? undefined : resolve(cwd, flags.key),
          },
        }),
  };
}

/** The same flags for the background daemon's command line (paths made absolute). */
export function remoteDaemonFlags(options: RemoteOptions, listenText: string | undefined): string[] {
  const flags = (options.allowedHosts ?? []).flatMap((host) => ["--allow-host", host]);
  if (options.listen === undefined || listenText === undefined) return flags;
  flags.push("--listen", listenText);
  if (options.listen.certFile !== undefined) flags.push("--cert", options.listen.certFile);
  if (options.listen.keyFile !== undefined) flags.push("--key", options.listen.keyFile);
  return flags;
}

function checkedHost(text: string): string {
  const host = normalizeAllowedHost(text);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(host))
    throw new AoError("E_USAGE", `--allow-host ${text} is not a host name`, {
      hint: "give the exact name a browser uses, e.g. --allow-host desk.tailnet-1234.ts.net (no wildcards)",
    });
  return host;
}
