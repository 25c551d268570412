import { AoError } from "../../src/core/errors.js";
import type {
  Runtime,
  RuntimeHandle,
  Terminal,
  TerminalOpenOptions,
  TerminalView,
} from "../../src/core/slots/index.js";

/** A terminal that records the views it opened, and checks with a runtime that the session runs. */
export class FakeTerminal implements Terminal {
  readonly opened: { handle: RuntimeHandle; sessionId: string }[] = [];

  constructor(private readonly runtime: Pick<Runtime, "liveness">) {}

  async open(handle: RuntimeHandle, options: TerminalOpenOptions): Promise<TerminalView> {
    const liveness = await this.runtime.liveness(handle);
    if (liveness.state !== "alive") {
      throw new AoError("E_NOT_FOUND", `session ${options.sessionId} is not running (${liveness.state})`, {
        hint: `ao session restore ${options.sessionId}`,
      });
    }
    this.opened.push({ handle: { ...handle }, sessionId: options.sessionId });
    return { url: `fake-terminal://${encodeURIComponent(options.sessionId)}` };
  }
}
