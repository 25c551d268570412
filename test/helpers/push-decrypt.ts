import { createDecipheriv, createECDH, createHmac } from "node:crypto";

/** What a browser keeps for one push subscription: its ECDH key pair and auth secret. */
export interface BrowserPushKeys {
  readonly privateKey: Buffer;
  readonly publicKey: Buffer;
  readonly auth: Buffer;
}

/** A new browser-side key pair and auth secret, as `pushManager.subscribe` makes them. */
export function makeBrowserPushKeys(auth: Buffer): BrowserPushKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** HKDF written out with HMAC (RFC 5869), so the receiver does not share the sender's hkdfSync. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/**
 * Reads an `aes128gcm` Web Push body as the browser does (RFC 8291, RFC 8188): the header's salt
 * and sender key, the shared secret with the subscription's private key, one record, the padding
 * and its delimiter. Throws on anything a browser would refuse.
 */
export function decryptPushBody(body: Buffer, keys: BrowserPushKeys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error("not a single-record aes128gcm body");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublic]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record has no 0x02 delimiter");
  return padded.subarray(0, end);
}
