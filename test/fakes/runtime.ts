import { AoError } from "../../src/core/errors.js";
import type {
  CaptureOptions,
  DeliverOptions,
  DeliveryResult,
  Liveness,
  Runtime,
  RuntimeCreateInput,
  RuntimeHandle,
  RuntimeKey,
} from "../../src/core/slots/index.js";

/** One simulated process: what it was started with, what it received, what it shows. */
export interface FakeProcess {
  readonly handle: RuntimeHandle;
  readonly input: RuntimeCreateInput;
  state: "alive" | "exited" | "gone";
  exitCode: number | null;
  /** Every delivered message, in order, exactly as given. */
  readonly transcript: string[];
  /** The screen: delivered text echoed, plus whatever a test `print`ed. */
  readonly screen: string[];
  /** When set, deliveries are pasted but never confirmed (a TUI that ignores Enter). */
  unresponsive: boolean;
  /** When set, liveness probes answer this instead of the real state (a flaky probe). */
  probe?: Liveness;
  /** Every key pressed (`press`), in order. */
  readonly keys: RuntimeKey[];
}

/** How a simulated program reacts to input; `exit` ends it like the program quitting. */
export type FakeProgram = (text: string, process: FakeProcess, exit: (code: number | null) => void) => void;

/** How a simulated program takes a key; without one, Ctrl-C ends it (SIGINT's default) and Enter is an empty line. */
export type FakeKeyHandler = (
  key: RuntimeKey,
  process: FakeProcess,
  exit: (code: number | null) => void,
) => void;

export interface FakeRuntimeOptions {
  name?: string;
  program?: FakeProgram;
  /** How many times submit is tried on an unresponsive process. */
  submitAttempts?: number;
  onKey?: FakeKeyHandler;
}

/**
 * A runtime whose processes are records. Tests drive it like a real one and then read what
 * happened (`process(handle).transcript`) or make things happen (`exit`, `vanish`, `print`).
 */
export class FakeRuntime implements Runtime {
  readonly name: string;
  readonly processes = new Map<string, FakeProcess>();
  /** How many times `livenessMany` was called (to check that status probes are batched). */
  batchProbes = 0;
  private readonly program: FakeProgram | undefined;
  private readonly onKey: FakeKeyHandler | undefined;
  private readonly submitAttempts: number;
  private created = 0;

  constructor(options: FakeRuntimeOptions = {}) {
    this.name = options.name ?? "fake";
    this.program = options.program;
    this.onKey = options.onKey;
    this.submitAttempts = options.submitAttempts ?? 3;
  }

  create(input: RuntimeCreateInput): Promise<RuntimeHandle> {
    this.created += 1;
    const handle: RuntimeHandle = { runtime: this.name, id: `${input.sessionId}~${this.created}` };
    const copy: RuntimeCreateInput = { ...input, argv: [...input.argv], env: { ...input.env } };
    this.processes.set(handle.id, {
      handle,
      input: copy,
      state: "alive",
      exitCode: null,
      transcript: [],
      screen: [],
      unresponsive: false,
      keys: [],
    });
    return Promise.resolve({ ...handle });
  }

  liveness(handle: RuntimeHandle): Promise<Liveness> {
    const record = this.processes.get(handle.id);
    if (record?.probe) return Promise.resolve(record.probe);
    if (!record || record.state === "gone") return Promise.resolve({ state: "missing" });
    if (record.state === "exited") return Promise.resolve({ state: "exited", exitCode: record.exitCode });
    return Promise.resolve({ state: "alive" });
  }

  async livenessMany(handles: readonly RuntimeHandle[]): Promise<Liveness[]> {
    this.batchProbes += 1;
    return Promise.all(handles.map((handle) => this.liveness(handle)));
  }

  /** Options of every delivery, in order (to check that `confirm: false` reaches the runtime). */
  readonly deliveries: (DeliverOptions | undefined)[] = [];

  deliver(handle: RuntimeHandle, text: string, options?: DeliverOptions): Promise<DeliveryResult> {
    this.deliveries.push(options);
    const record = this.processes.get(handle.id);
    if (record?.state !== "alive") {
      return Promise.reject(new AoError("E_NOT_FOUND", `session ${handle.id} is not running`));
    }
    record.transcript.push(text);
    record.screen.push(...text.split("\n"));
    if (options?.confirm === false) {
      this.program?.(text, record, (code) => this.exit(handle, code));
      return Promise.resolve({ confirmed: false, submitted: true, attempts: 1, reason: "not checked" });
    }
    if (record.unresponsive) {
      return Promise.resolve({
        confirmed: false,
        submitted: true,
        attempts: this.submitAttempts,
        reason: "the screen did not react",
      });
    }
    this.program?.(text, record, (code) => this.exit(handle, code));
    return Promise.resolve({ confirmed: true, submitted: true, attempts: 1 });
  }

  /** The handle id of every `submit` (a bare Enter), in order. */
  readonly submits: string[] = [];

  submit(handle: RuntimeHandle): Promise<void> {
    const record = this.processes.get(handle.id);
    if (record?.state !== "alive") {
      return Promise.reject(new AoError("E_NOT_FOUND", `session ${handle.id} is not running`));
    }
    this.submits.push(handle.id);
    return Promise.resolve();
  }

  /** Records the key; then the program's key handler, else a terminal's defaults (see FakeKeyHandler). */
  press(handle: RuntimeHandle, key: RuntimeKey): Promise<void> {
    const record = this.processes.get(handle.id);
    if (record?.state !== "alive") {
      return Promise.reject(new AoError("E_NOT_FOUND", `session ${handle.id} is not running`));
    }
    record.keys.push(key);
    const exit = (code: number | null) => this.exit(handle, code);
    if (this.onKey) this.onKey(key, record, exit);
    else if (key === "C-c") exit(null);
    else if (key === "Enter") {
      record.transcript.push("");
      this.program?.("", record, exit);
    }
    return Promise.resolve();
  }

  capture(handle: RuntimeHandle, options: CaptureOptions): Promise<string> {
    const record = this.processes.get(handle.id);
    if (!record || record.state === "gone") {
      return Promise.reject(new AoError("E_NOT_FOUND", `session ${handle.id} does not exist`));
    }
    const lines = [...record.screen];
    while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
    return Promise.resolve(lines.slice(-options.lines).join("\n"));
  }

  stop(handle: RuntimeHandle): Promise<void> {
    const record = this.processes.get(handle.id);
    if (record) record.state = "gone";
    return Promise.resolve();
  }

  /** The record behind a handle; throws when there is none so a typo fails loudly. */
  process(handle: RuntimeHandle | string): FakeProcess {
    const id = typeof handle === "string" ? handle : handle.id;
    const record = this.processes.get(id);
    if (!record) throw new Error(`FakeRuntime: no process ${id}`);
    return record;
  }

  /** The process for a session id (the latest one when a session was restarted). */
  processOf(sessionId: string): FakeProcess | undefined {
    return [...this.processes.values()].reverse().find((record) => record.input.sessionId === sessionId);
  }

  /** The process ends on its own (the agent quit or crashed). */
  exit(handle: RuntimeHandle, exitCode: number | null = 0): void {
    const record = this.process(handle);
    record.state = "exited";
    record.exitCode = exitCode;
  }

  /** The session disappears without ao stopping it (tmux server killed, machine rebooted). */
  vanish(handle: RuntimeHandle): void {
    this.process(handle).state = "gone";
  }

  /** The program writes to its screen. */
  print(handle: RuntimeHandle, text: string): void {
    this.process(handle).screen.push(...text.split("\n"));
  }

  /** Liveness probes answer `liveness` until cleared with undefined (simulates a flaky probe). */
  overrideProbe(handle: RuntimeHandle, liveness: Liveness | undefined): void {
    const record = this.process(handle);
    if (liveness) record.probe = liveness;
    else delete record.probe;
  }
}
