import type {
  ClientContext,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import type { ToolKind } from "../../../../core/plugin-api.js";
import { autoAllowedOption } from "./auto-allow.js";
import type { Key } from "./key-reader.js";
import { answeredLine, chosenOption, questionLines } from "./permission.js";
import type { RecordWriter } from "./record-writer.js";
import type { Screen } from "./screen.js";
import { USER_PREFIX } from "./update-view.js";

export interface ConversationDeps {
  screen: Screen;
  record: RecordWriter;
  cwd: string;
  /** The tool kinds whose questions are answered allow without asking (`--auto-allow`). */
  autoAllow: readonly ToolKind[];
  /** Ctrl-D on an empty input line while nothing runs: the person ends the session. */
  quit(): void;
}

interface Question {
  request: RequestPermissionRequest;
  answer(response: RequestPermissionResponse): void;
}

/** What the host does with keys, questions and prompts; `ready` once the ACP session is there. */
export interface Conversation {
  /** The ACP session is there: `task` (the spawn's), then what was entered while it started, are sent. */
  ready(context: ClientContext, sessionId: string, task?: string): void;
  prompt(text: string): Promise<void>;
  onKey(key: Key): void;
  interrupt(bytes: number): void;
  /** Why the conversation cannot be handed to a TUI now (a turn runs, a question waits); undefined: it can. */
  busy(): string | undefined;
  ask(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
}

const SUBMIT_REFUSED = "a turn is running — Ctrl-C cancels it (your text stays on the input line)";

/**
 * The input rules of docs/acp.md ("The host"): Enter on text starts a turn when nothing runs and
 * no question waits; while a question waits the input line is its answer (a number or an option
 * id); Ctrl-C or Escape answers a question "cancelled" and cancels the running turn. Questions the
 * agent asks at once wait in line, one on the screen at a time.
 */
export function createConversation(deps: ConversationDeps): Conversation {
  const { screen, record } = deps;
  let agent: { context: ClientContext; sessionId: string } | undefined;
  let turn = false;
  const questions: Question[] = [];
  let typed = "";
  /** Entered before the session was ready: sent, in order, once it is. */
  const waiting: string[] = [];

  const redraw = (): void => screen.input(questions.length > 0 ? "? > " : turn ? "… > " : "> ", typed);
  const showQuestion = (): void => {
    const next = questions[0];
    if (next) screen.lines(questionLines(next.request, deps.cwd));
  };

  async function prompt(text: string): Promise<void> {
    if (agent === undefined) return;
    turn = true;
    screen.lines(text.split("\n").map((line) => `${USER_PREFIX}${line}`));
    redraw();
    try {
      const response = await agent.context.request("session/prompt", {
        sessionId: agent.sessionId,
        prompt: [{ type: "text", text }],
      });
      screen.lines([`■ stop: ${response.stopReason}`]);
    } catch (error) {
      screen.lines([`■ failed: ${(error as Error).message}`]);
    } finally {
      turn = false;
      redraw();
    }
  }

  function answer(text: string): void {
    const question = questions[0];
    if (question === undefined) return;
    const optionId = chosenOption(text, question.request.options);
    typed = "";
    if (optionId === undefined) {
      const count = String(question.request.options.length);
      screen.lines([`  "${text.trim()}" is not an option: answer with 1-${count} or an option id`]);
      return;
    }
    record.host({ kind: "input", what: "answer", bytes: Buffer.byteLength(text) });
    questions.shift();
    screen.lines([answeredLine(optionId, question.request.options)]);
    question.answer({ outcome: { outcome: "selected", optionId } });
    showQuestion();
  }

  function submit(): void {
    const text = typed;
    if (text.trim() === "") return;
    if (questions.length > 0) answer(text);
    else if (turn) screen.lines([SUBMIT_REFUSED]);
    else {
      record.host({ kind: "input", what: "prompt", bytes: Buffer.byteLength(text) });
      typed = "";
      if (agent !== undefined) void prompt(text);
      else {
        waiting.push(text);
        screen.lines([`  (the agent is starting; your message is sent once it is ready)`]);
      }
    }
  }

  function interrupt(bytes: number): void {
    if (questions.length === 0 && !turn) {
      screen.lines(["nothing to cancel — Ctrl-D on an empty line ends the session"]);
      return;
    }
    record.host({ kind: "input", what: "cancel", bytes });
    for (const question of questions.splice(0)) question.answer({ outcome: { outcome: "cancelled" } });
    if (turn && agent !== undefined)
      void agent.context.notify("session/cancel", { sessionId: agent.sessionId });
    screen.lines(["^C cancelling the turn"]);
  }

  function onKey(key: Key): void {
    if (key.kind === "text") typed += key.text;
    else if (key.kind === "backspace") typed = withoutLastCharacter(typed);
    else if (key.kind === "clear") typed = "";
    else if (key.kind === "enter") submit();
    else if (key.kind === "interrupt") interrupt(key.bytes);
    else if (typed === "" && !turn && questions.length === 0) return deps.quit();
    redraw();
  }

  /** `session/request_permission`: resolves when the person answers (or cancels, or the agent withdraws it). */
  function ask(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    const allowed = autoAllow(request);
    if (allowed !== undefined) return Promise.resolve(allowed);
    return new Promise((resolve) => {
      const question: Question = { request, answer: resolve };
      questions.push(question);
      if (questions.length === 1) showQuestion();
      redraw();
      signal.addEventListener("abort", () => {
        const index = questions.indexOf(question);
        if (index < 0) return;
        questions.splice(index, 1);
        screen.lines(["  (the agent withdrew the question)"]);
        if (index === 0) showQuestion();
        redraw();
      });
    });
  }

  /** The answer `agentConfig.autoAllow` gives without asking, recorded and shown; undefined: ask. */
  function autoAllow(request: RequestPermissionRequest): RequestPermissionResponse | undefined {
    const optionId = autoAllowedOption(request, deps.autoAllow);
    if (optionId === undefined) return undefined;
    const { toolCallId, kind } = request.toolCall;
    // The SDK's request id is not in the params: the plugin finds the question by its tool call.
    record.host({ kind: "auto_allowed", toolCallId, toolKind: kind ?? "other", optionId });
    screen.lines([
      ...questionLines(request, deps.cwd).slice(0, -1),
      `${answeredLine(optionId, request.options)} (auto-allowed: agentConfig.autoAllow)`,
    ]);
    return { outcome: { outcome: "selected", optionId } };
  }

  return {
    ready(context, sessionId, task) {
      agent = { context, sessionId };
      redraw();
      const first = [...(task === undefined ? [] : [task]), ...waiting.splice(0)];
      void (async () => {
        for (const text of first) await prompt(text);
      })();
    },
    prompt,
    onKey,
    interrupt,
    busy: () =>
      turn
        ? "a turn is running (ao session interrupt ends it)"
        : questions.length > 0
          ? "a permission question waits (ao approve or ao deny answers it)"
          : waiting.length > 0
            ? "a message waits for the agent to start"
            : undefined,
    ask,
  };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function withoutLastCharacter(text: string): string {
  const parts = Array.from(graphemes.segment(text));
  return parts
    .slice(0, -1)
    .map((part) => part.segment)
    .join("");
}
