import { createCipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";

/** A browser's subscription keys (`PushSubscription.getKey`), base64url as the page sends them. */
export interface PushKeys {
  /** The user agent's ECDH P-256 public key, uncompressed (65 bytes). */
  readonly p256dh: string;
  /** The user agent's 16-byte authentication secret. */
  readonly auth: string;
}

/** Fixed sender key and salt, for RFC 8291's test vector; fresh random ones otherwise. */
export interface EncryptionSeed {
  /** The application server's ephemeral ECDH private key (32 bytes). */
  readonly senderPrivateKey: Buffer;
  readonly salt: Buffer;
}

/** One record holds the whole message: 4096 is what RFC 8291 senders use and browsers accept. */
const RECORD_SIZE = 4096;
/** What one record can carry: the record size less the delimiter (1) and the GCM tag (16). */
export const MAX_PUSH_PLAINTEXT = RECORD_SIZE - 17 - 86;

/**
 * The push message body for one subscription (RFC 8291 over RFC 8188 `aes128gcm`): an ephemeral
 * ECDH P-256 key agreed with the browser's key, mixed with its auth secret (HKDF-SHA-256), gives
 * the content key and nonce; the body is the header (salt, record size, the sender's public key)
 * and a single AES-128-GCM record ending with the last-record delimiter 0x02. Only the browser that
 * holds the subscription's private key can read it; the push service sees ciphertext.
 */
export function encryptPushPayload(plaintext: Buffer, keys: PushKeys, seed?: EncryptionSeed): Buffer {
  const uaPublic = decodeKey(keys.p256dh, 65, "p256dh");
  const authSecret = decodeKey(keys.auth, 16, "auth");
  if (plaintext.length > MAX_PUSH_PLAINTEXT)
    throw new RangeError(`a push payload holds at most ${MAX_PUSH_PLAINTEXT} bytes`);
  const ecdh = createECDH("prime256v1");
  if (seed === undefined) ecdh.generateKeys();
  else ecdh.setPrivateKey(seed.senderPrivateKey);
  const asPublic = ecdh.getPublicKey();
  const salt = seed?.salt ?? randomBytes(16);
  const { key, nonce } = contentKeys(ecdh.computeSecret(uaPublic), authSecret, uaPublic, asPublic, salt);
  const cipher = createCipheriv("aes-128-gcm", key, nonce);
  const record = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final()]);
  return Buffer.concat([codingHeader(salt, asPublic), record, cipher.getAuthTag()]);
}

/** RFC 8291 section 3.4 then RFC 8188 section 2.2: the content-encryption key and the nonce. */
export function contentKeys(
  ecdhSecret: Buffer,
  authSecret: Buffer,
  uaPublic: Buffer,
  asPublic: Buffer,
  salt: Buffer,
): { key: Buffer; nonce: Buffer } {
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  return { key, nonce };
}

/** salt (16) ‖ rs (uint32) ‖ idlen (1) ‖ keyid: the sender's public key, as RFC 8291 puts it. */
function codingHeader(salt: Buffer, asPublic: Buffer): Buffer {
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic]);
}

/** A base64url key of the length the RFC fixes; a RangeError names the field otherwise. */
export function decodeKey(text: string, length: number, name: string): Buffer {
  const bytes = Buffer.from(text, "base64url");
  if (bytes.length !== length || (length === 65 && bytes[0] !== 4))
    throw new RangeError(
      `${name} must be ${length} bytes of base64url${length === 65 ? " (an uncompressed P-256 point)" : ""}`,
    );
  return bytes;
}
