import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { RemoteSession, Runtime, RuntimeHandle } from "../../src/core/slots/index.js";

export interface RemoteSessionSubject {
  runtime: Runtime & { remote: RemoteSession };
  /** Starts one long-running session (its program may be anything that stays up). */
  start(): Promise<RuntimeHandle>;
  cleanup(): Promise<void>;
}

/**
 * The behaviour of `Runtime.remote` (slots/remote-session.ts) that core relies on: commands by argv
 * with stdin as bytes, files in and out as bytes, and E_NOT_FOUND for a session that is gone. Run it
 * with `remoteSessionContract("docker", makeSubject)`; the session must have sh and cat.
 */
export function remoteSessionContract(name: string, makeSubject: () => Promise<RemoteSessionSubject>): void {
  describe(`remote-session contract: ${name}`, () => {
    let subject: RemoteSessionSubject | undefined;
    afterEach(async () => {
      await subject?.cleanup();
      subject = undefined;
    });

    it("runs argv without a shell, gives stdin byte for byte, and returns a non-zero exit as a result", async () => {
      subject = await makeSubject();
      const { remote } = subject.runtime;
      const handle = await subject.start();
      const nasty = ["$(touch /tmp/pwned)", "a;b", "'q'", "日本", ""];
      const echoed = await remote.exec(handle, {
        argv: ["/bin/sh", "-c", 'for a in "$@"; do printf "[%s]" "$a"; done', "sh", ...nasty],
      });
      expect(echoed).toMatchObject({ exitCode: 0, stdout: nasty.map((a) => `[${a}]`).join("") });
      const text = 'line one\n$(id) `x` "y"\nlast';
      expect((await remote.exec(handle, { argv: ["cat"], input: text })).stdout).toBe(text);
      const failed = await remote.exec(handle, { argv: ["/bin/sh", "-c", "echo oops >&2; exit 4"] });
      expect(failed.exitCode).toBe(4);
      expect(failed.stderr.trim()).toBe("oops");
      const env = await remote.exec(handle, {
        argv: ["/bin/sh", "-c", 'printf %s "$LC_ALL"'],
        env: { LC_ALL: "C" },
      });
      expect(env.stdout).toBe("C");
      const pwned = await remote.exec(handle, { argv: ["/bin/sh", "-c", "test -e /tmp/pwned"] });
      expect(pwned.exitCode).not.toBe(0);
    });

    it("runs in workdir unless told otherwise", async () => {
      subject = await makeSubject();
      const { remote } = subject.runtime;
      const handle = await subject.start();
      const here = await remote.exec(handle, { argv: ["/bin/sh", "-c", 'printf %s "$PWD"'] });
      expect(here.stdout).toBe(remote.workdir(handle));
      const there = await remote.exec(handle, { argv: ["/bin/sh", "-c", 'printf %s "$PWD"'], cwd: "/tmp" });
      expect(there.stdout).toBe("/tmp");
    });

    it("writes and reads files as bytes, and says E_NOT_FOUND for a missing one", async () => {
      subject = await makeSubject();
      const { remote } = subject.runtime;
      const handle = await subject.start();
      const bytes = new Uint8Array([0, 255, 10, 13, 0xc3, 0x28, 65, 0]);
      await remote.writeFile(handle, "/tmp/ao-contract.bin", bytes);
      expect([...(await remote.readFile(handle, "/tmp/ao-contract.bin"))]).toEqual([...bytes]);
      const mode = await remote.exec(handle, { argv: ["ls", "-l", "/tmp/ao-contract.bin"] });
      expect(mode.stdout).toMatch(/^-rw-------/);
      const error: unknown = await remote.readFile(handle, "/tmp/no-such-file").catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });

    it("says E_NOT_FOUND for a command in a session that is gone", async () => {
      subject = await makeSubject();
      const handle = await subject.start();
      await subject.runtime.stop(handle);
      const error: unknown = await subject.runtime.remote
        .exec(handle, { argv: ["true"] })
        .catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
    });
  });
}
