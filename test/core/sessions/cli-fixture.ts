import { Readable } from "node:stream";
import { runCli } from "../../../src/cli/run-cli.js";
import { captureStream } from "../../helpers/test-context.js";
import { makeSessionFixture, type SessionFixture } from "./session-fixture.js";

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CliFixture extends SessionFixture {
  /** Runs `ao <argv>` in-process against the fakes, as main.ts would with the built-in catalog. */
  ao(argv: string[], options?: { stdin?: string }): Promise<CliRun>;
}

/** The session fixture driven through the CLI layer (commander, the error handler, rendering). */
export function makeCliFixture(...args: Parameters<typeof makeSessionFixture>): CliFixture {
  const fixture = makeSessionFixture(...args);
  return {
    ...fixture,
    async ao(argv, options = {}) {
      const stdout = captureStream();
      const stderr = captureStream();
      const exitCode = await runCli({
        argv,
        env: { ...fixture.ctx.env, NO_COLOR: "1" },
        cwd: fixture.ctx.cwd,
        stdout,
        stderr,
        catalog: fixture.ctx.catalog,
        stdin: options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin)]),
        version: "0.0.0-test",
      });
      return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
    },
  };
}
