import { createHash } from "node:crypto";
import type { SessionQuestion } from "../events/index.js";
import { latestEventOf, updateSession, writeTransaction, type Store } from "../store/index.js";
import type { SessionProbe } from "./probe-sessions.js";

/** The words of a question as `session.question` records them. */
export type QuestionWords = SessionQuestion["payload"];

/** What a question may say at most: a dialog is a few lines, never a whole screen. */
const MAX_TEXT = 800;

/**
 * What the agent asks, from one probe: the question it asked as data (ACP), else the dialog on its
 * screen, else its own short why (a hook's "Claude needs your permission to use Bash"). Undefined
 * when it does not wait for input, or says nothing about why.
 */
export function questionOf(probe: SessionProbe | undefined): QuestionWords | undefined {
  const report = probe?.activity;
  if (report?.activity !== "needs_input") return undefined;
  const asked = report.question;
  if (asked !== undefined)
    return {
      id: asked.id,
      source: "data",
      text: asked.title.slice(0, MAX_TEXT),
      ...(asked.toolKind === undefined ? {} : { toolKind: asked.toolKind }),
      options: asked.options.map(({ id, name, kind }) => ({ id, name, kind })),
    };
  const dialog = probe?.dialog;
  const text =
    (dialog !== undefined && dialog.lines.length > 0 ? dialog.lines.join("\n") : report.detail) ?? "";
  if (text === "" && dialog === undefined) return undefined;
  const options = (dialog?.choices ?? []).map(({ key, label }) => ({ id: key, name: label, kind: "choice" }));
  const words = { source: "screen" as const, text: text.slice(0, MAX_TEXT), options };
  return { id: `screen-${digest(words)}`, ...words };
}

/**
 * Records `session.question` for each session a probe found waiting with a question, once per
 * question: again only when its id changed, or when the session was not waiting at its last
 * observation (the same prompt asked anew). Returns the ids it recorded.
 */
export function recordQuestions(
  store: Store,
  sessions: readonly { id: string; activity: string | null }[],
  probes: ReadonlyMap<string, SessionProbe>,
): string[] {
  const asked = sessions.flatMap((session) => {
    const words = questionOf(probes.get(session.id));
    return words === undefined ? [] : [{ session, words }];
  });
  if (asked.length === 0) return [];
  return writeTransaction(store, (tx) =>
    asked
      .filter(({ session, words }) => {
        const last = latestEventOf(tx, session.id, "session.question");
        return session.activity !== "needs_input" || last?.payload.id !== words.id;
      })
      .map(({ session, words }) => {
        updateSession(tx, session.id, {}, { type: "session.question", payload: words });
        return session.id;
      }),
  );
}

function digest(words: Omit<QuestionWords, "id">): string {
  return createHash("sha256").update(JSON.stringify(words)).digest("hex").slice(0, 12);
}
