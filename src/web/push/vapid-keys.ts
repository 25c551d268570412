import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from "node:crypto";
import { join } from "node:path";
import { AoError } from "../../core/errors.js";
import { readOptionalFile, writePrivateFile } from "../remote/private-file.js";

/** This AO_HOME's application server key pair (RFC 8292), made once and kept. */
export interface VapidKeys {
  /** The public key, uncompressed P-256 point in base64url: the page's `applicationServerKey`. */
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

/** AO_HOME/dashboard-push-vapid.json, 0600: the private key as a JWK. */
export function vapidKeysFile(home: string): string {
  return join(home, "dashboard-push-vapid.json");
}

/**
 * The VAPID key pair: read from its file, or made (ECDSA P-256) and written 0600 the first time.
 * Push services tie every subscription to this public key, so it must stay the same: a new key
 * would silently orphan every subscription (the file is never rewritten once it exists).
 */
export async function loadVapidKeys(home: string): Promise<VapidKeys> {
  const file = vapidKeysFile(home);
  const text = await readOptionalFile(file);
  if (text !== undefined) return parseKeys(file, text);
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  await writePrivateFile(file, `${JSON.stringify(privateKey.export({ format: "jwk" }))}\n`);
  return { publicKey: publicPoint(privateKey), privateKey };
}

function parseKeys(file: string, text: string): VapidKeys {
  try {
    const privateKey = createPrivateKey({
      key: JSON.parse(text) as JsonWebKey,
      format: "jwk",
    });
    if (privateKey.asymmetricKeyDetails?.namedCurve !== "prime256v1") throw new Error("not a P-256 key");
    return { publicKey: publicPoint(privateKey), privateKey };
  } catch (error) {
    throw new AoError("E_DAEMON_FAILED", `${file} is not a VAPID key (a P-256 private JWK)`, {
      hint: "delete it for a new key; every device must then turn notifications on again",
      cause: error,
    });
  }
}

/** 0x04 ‖ x ‖ y of the key, base64url: what browsers take and what the `k=` parameter carries. */
function publicPoint(privateKey: KeyObject): string {
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, "base64url"),
    Buffer.from(jwk.y!, "base64url"),
  ]);
  return point.toString("base64url");
}

/** How long a VAPID token is good for: RFC 8292 allows up to 24 hours; 12 is what senders use. */
const TOKEN_LIFETIME_S = 12 * 3600;

/**
 * The `Authorization` header for one push (RFC 8292 section 3): `vapid t=<JWT>, k=<public key>`,
 * the JWT (ES256) saying whom it is for (`aud`, the push service's origin), until when, and whom
 * the push service may contact (`sub`).
 */
export function vapidAuthorization(
  keys: VapidKeys,
  endpoint: string,
  nowMs: number,
  contact: string,
): string {
  const header = encode({ typ: "JWT", alg: "ES256" });
  const claims = encode({
    aud: new URL(endpoint).origin,
    exp: Math.floor(nowMs / 1000) + TOKEN_LIFETIME_S,
    sub: contact,
  });
  const input = `${header}.${claims}`;
  const signature = sign("sha256", Buffer.from(input), { key: keys.privateKey, dsaEncoding: "ieee-p1363" });
  return `vapid t=${input}.${signature.toString("base64url")}, k=${keys.publicKey}`;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
