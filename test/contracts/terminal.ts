import { afterEach, describe, expect, it } from "vitest";
import { isAoError } from "../../src/core/errors.js";
import type { RuntimeHandle, Terminal } from "../../src/core/slots/index.js";

export interface TerminalSubject {
  terminal: Terminal;
  /** A running session (started by the runtime this terminal pairs with) and its id. */
  running: { handle: RuntimeHandle; sessionId: string };
  /** A session that ended. */
  ended: { handle: RuntimeHandle; sessionId: string };
  /** The session ids whose view was opened, as the subject observed them. */
  opened(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** The behaviour every terminal has; run it with `terminalContract("tmux-attach", makeSubject)`. */
export function terminalContract(name: string, makeSubject: () => Promise<TerminalSubject>): void {
  describe(`terminal contract: ${name}`, () => {
    let subject: TerminalSubject;
    afterEach(() => subject.cleanup());

    it("opens a view onto a running session", async () => {
      subject = await makeSubject();
      const { handle, sessionId } = subject.running;
      const view = await subject.terminal.open(handle, { sessionId });
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      expect(await subject.opened()).toEqual([sessionId]);
    });

    it("refuses a session that is not running with E_NOT_FOUND", async () => {
      subject = await makeSubject();
      const { handle, sessionId } = subject.ended;
      const error: unknown = await subject.terminal.open(handle, { sessionId }).catch((e: unknown) => e);
      expect(isAoError(error) && error.code).toBe("E_NOT_FOUND");
      expect(await subject.opened()).toEqual([]);
    });
  });
}
