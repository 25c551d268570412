import { isIP } from "node:net";
import { AoError } from "../../core/errors.js";

/** Where `ao dashboard --listen` serves HTTPS: an IP address (or `0.0.0.0`, `::`) and a port (0 picks one). */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

const HINT =
  "write an address and a port: --listen 0.0.0.0:8443, --listen 192.168.1.5:0 or --listen [::]:8443";

/**
 * `--listen <addr>`, checked: an IP literal (a name could resolve anywhere) and a port. An `http://`
 * address is refused with why (plain HTTP off loopback hands every cookie to the network); an
 * `https://` prefix is allowed, since that is what will be served.
 */
export function parseListenAddress(text: string): ListenAddress {
  const trimmed = text.trim();
  if (/^http:\/\//i.test(trimmed))
    throw new AoError("E_USAGE", `--listen ${text}: ao never serves plain HTTP off loopback`, {
      hint: "--listen serves HTTPS only (a certificate ao makes, or --cert/--key); drop http://",
    });
  const bare = trimmed.replace(/^https:\/\//i, "").replace(/\/$/, "");
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(bare);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || isIP(host) === 0)
    throw new AoError("E_USAGE", `--listen ${text}: not an IP address and port`, { hint: HINT });
  if (!Number.isInteger(port) || port > 65535)
    throw new AoError("E_USAGE", `--listen ${text}: the port must be 0 to 65535`, { hint: HINT });
  return { host, port };
}

/** `host:port` as a URL writes it (`[::1]:8443`). */
export function hostPort(host: string, port: number): string {
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}
