import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encryptPushPayload, MAX_PUSH_PLAINTEXT } from "../../../src/web/push/push-encryption.js";
import { decryptPushBody, makeBrowserPushKeys } from "../../helpers/push-decrypt.js";

const b64 = (text: string) => Buffer.from(text, "base64url");

/** RFC 8291, section 5 and Appendix A: every input and the exact message body. */
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("Web Push payload encryption (RFC 8291, aes128gcm)", () => {
  it("writes RFC 8291's example message byte for byte from its keys and salt", () => {
    const body = encryptPushPayload(
      Buffer.from(RFC8291.plaintext),
      { p256dh: RFC8291.uaPublic, auth: RFC8291.auth },
      { senderPrivateKey: b64(RFC8291.asPrivate), salt: b64(RFC8291.salt) },
    );
    expect(body.toString("base64url")).toBe(RFC8291.body);
    expect(body.subarray(21, 86).toString("base64url")).toBe(RFC8291.asPublic);
  });

  it("the receiver of the RFC's example reads its plaintext back", () => {
    const keys = {
      privateKey: b64(RFC8291.uaPrivate),
      publicKey: b64(RFC8291.uaPublic),
      auth: b64(RFC8291.auth),
    };
    expect(decryptPushBody(b64(RFC8291.body), keys).toString()).toBe(RFC8291.plaintext);
  });

  it("a fresh key and salt each time: two bodies differ and both decrypt for the subscription", () => {
    const browser = makeBrowserPushKeys(randomBytes(16));
    const keys = {
      p256dh: browser.publicKey.toString("base64url"),
      auth: browser.auth.toString("base64url"),
    };
    const first = encryptPushPayload(Buffer.from('{"title":"app-1 needs you"}'), keys);
    const second = encryptPushPayload(Buffer.from('{"title":"app-1 needs you"}'), keys);
    expect(first.equals(second)).toBe(false);
    expect(decryptPushBody(first, browser).toString()).toBe('{"title":"app-1 needs you"}');
    expect(decryptPushBody(second, browser).toString()).toBe('{"title":"app-1 needs you"}');
  });

  it("refuses keys of the wrong shape and a payload past one record", () => {
    const browser = makeBrowserPushKeys(randomBytes(16));
    const p256dh = browser.publicKey.toString("base64url");
    expect(() => encryptPushPayload(Buffer.from("x"), { p256dh, auth: "c2hvcnQ" })).toThrow(
      /auth must be 16 bytes/,
    );
    expect(() => encryptPushPayload(Buffer.from("x"), { p256dh: "AAAA", auth: RFC8291.auth })).toThrow(
      /p256dh/,
    );
    const big = Buffer.alloc(MAX_PUSH_PLAINTEXT + 1, 0x61);
    expect(() => encryptPushPayload(big, { p256dh, auth: RFC8291.auth })).toThrow(/at most 3993 bytes/);
    const body = encryptPushPayload(big.subarray(1), { p256dh, auth: browser.auth.toString("base64url") });
    expect(body.length).toBe(4096);
  });
});
