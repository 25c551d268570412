import { AoError, checkProcess } from "../../../core/plugin-api.js";
import { fileSize } from "../_shared/jsonl-since.js";
import { writeControlRequest } from "./control-request.js";
import { EMPTY_CONVERSATION, foldConversation } from "./conversation-state.js";
import { readRecordSince } from "./record-entries.js";
import type { HostEvent } from "./record.js";

/** A takeover is answered at once; a handback once the agent has started and loaded the conversation. */
const ANSWER_WAIT_MS = { tui: 15_000, ao: 60_000 } as const;
const POLL_MS = 100;

/**
 * `ao session takeover` / `handback` for an ACP session (docs/acp.md, "Taking over"): leaves the
 * request beside the record, signals the host that wrote the record's last `started` line (SIGUSR2)
 * when /proc says that pid is still that host, and waits for the host's answer in the record:
 * `takeover`, `takeover_refused` (an error with its reason) or `handback`.
 */
export async function handOverAcp(
  record: string,
  to: "tui" | "ao",
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  const host = hostOf(record);
  const takenOver = foldConversation(EMPTY_CONVERSATION, readRecordSince(record, 0).entries).takenOver;
  if ((to === "tui") === (takenOver !== undefined))
    throw new AoError(
      "E_SESSION_STATE",
      to === "tui"
        ? `the session is already taken over (${takenOver?.join(" ") ?? ""})`
        : "the session is not taken over",
      {
        hint:
          to === "tui"
            ? "ao session handback <session> gives it back to ao"
            : "ao session takeover <session> hands it to the agent's TUI",
      },
    );
  const from = fileSize(record);
  writeControlRequest(record, to === "tui" ? "takeover" : "handback");
  process.kill(host.pid, "SIGUSR2");
  for (let waited = 0; waited < ANSWER_WAIT_MS[to]; waited += POLL_MS) {
    const answer = answerIn(record, from, to);
    if (answer?.kind === "takeover_refused")
      throw new AoError("E_BUSY", `the session's ACP host refused the takeover: ${answer.reason}`, {
        hint: "try again once the turn has ended (ao turns <session>), or answer its question",
      });
    if (answer !== undefined) return;
    await sleep(POLL_MS);
  }
  throw new AoError(
    "E_SESSION_STATE",
    `the session's ACP host did not answer within ${String(ANSWER_WAIT_MS[to] / 1000)} s`,
    {
      hint: "ao session attach <session> shows what the host is doing",
    },
  );
}

/** The running host of the record, or an error saying why there is none to signal. */
function hostOf(record: string): { pid: number } {
  const started = readRecordSince(record, 0)
    .entries.flatMap(({ line }) => (line.dir === "host" && line.event.kind === "started" ? [line.event] : []))
    .at(-1);
  if (started === undefined)
    throw new AoError("E_SESSION_STATE", "the session's ACP host has not started", {
      hint: "ao session restore <session> starts it",
    });
  const identity = checkProcess(started.pid, started.startTime ?? "");
  if (identity.kind !== "same")
    throw new AoError("E_SESSION_STATE", "the session's ACP host is not a process on this machine", {
      hint: "a takeover needs the tmux runtime on this machine; ao session restore brings a stopped host back",
    });
  return { pid: started.pid };
}

type Answer = Extract<HostEvent, { kind: "takeover" | "takeover_refused" | "ready" }>;

/**
 * The host's answer after `from`: to the TUI, `takeover` or its refusal; back to ao, the `ready`
 * that follows the `handback` (the agent loaded the conversation again). An agent that exits
 * instead is an error with its words.
 */
function answerIn(record: string, from: number, to: "tui" | "ao"): Answer | undefined {
  let handedBack = false;
  for (const { line } of readRecordSince(record, from).entries) {
    if (line.dir !== "host") continue;
    const { event } = line;
    if (to === "tui" && (event.kind === "takeover" || event.kind === "takeover_refused")) return event;
    if (to === "ao" && event.kind === "handback") handedBack = true;
    if (to === "ao" && handedBack && event.kind === "ready") return event;
    if (to === "ao" && handedBack && event.kind === "agent_exit")
      throw new AoError(
        "E_SESSION_STATE",
        `the ACP agent exited after the handback: ${event.stderrTail.trim()}`,
        {
          hint: "ao session restore <session> starts it again on the same conversation",
        },
      );
  }
  return undefined;
}
