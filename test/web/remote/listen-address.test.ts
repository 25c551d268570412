import { describe, expect, it } from "vitest";
import { hostPort, parseListenAddress } from "../../../src/web/remote/listen-address.js";
import { isLoopbackAddress, startHttpServer } from "../../../src/core/http/index.js";

describe("--listen addresses", () => {
  it("takes an IP literal and a port, with or without https://", () => {
    expect(parseListenAddress("0.0.0.0:8443")).toEqual({ host: "0.0.0.0", port: 8443 });
    expect(parseListenAddress("https://192.168.1.5:0/")).toEqual({ host: "192.168.1.5", port: 0 });
    expect(parseListenAddress("[::]:8443")).toEqual({ host: "::", port: 8443 });
    expect(hostPort("::1", 8443)).toBe("[::1]:8443");
  });

  it("refuses plain HTTP, names, a missing or too large port, with a hint", () => {
    expect(() => parseListenAddress("http://0.0.0.0:8080")).toThrow(/never serves plain HTTP off loopback/);
    for (const bad of ["desk.local:8443", "0.0.0.0", "0.0.0.0:99999", ":8443"])
      expect(() => parseListenAddress(bad), bad).toThrow(/--listen/);
  });

  it("core serves plain HTTP on loopback addresses only", async () => {
    expect(isLoopbackAddress("127.0.0.2")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("0.0.0.0")).toBe(false);
    expect(isLoopbackAddress("192.168.1.5")).toBe(false);
    const log = { error: () => undefined };
    await expect(
      startHttpServer({ host: "0.0.0.0", port: 0, routes: [], authorize: () => false, log }),
    ).rejects.toThrow(/refusing to serve plain HTTP on 0\.0\.0\.0/);
  });
});
