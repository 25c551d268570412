import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import {
  closeStore,
  openStore,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
} from "../store/index.js";
import { openProject, type OpenProject } from "./open-project.js";

export interface RemapOptions {
  /** The conversation id to use; absent: the newest the agent recorded for the session's checkout. */
  conversationId?: string | undefined;
  configPath?: string | undefined;
}

export interface RemapResult {
  session: Session;
  from: string | null;
  to: string;
  source: "given" | "found";
}

/**
 * A conversation id goes on the agent's command line (`--resume <id>`, `resume <id>`): letters,
 * digits and `._:-`, not starting with `-` (it would read as a flag), at most 200 characters.
 */
const CONVERSATION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/**
 * `ao session remap`: points the session at one of its agent's conversations, the one a restore
 * resumes (`agentSessionId`). Given no id, asks the agent for the newest it recorded in the
 * session's checkout (`latestConversation`, from its own files).
 */
export async function remapSession(
  ctx: AoContext,
  id: string,
  options: RemapOptions = {},
): Promise<RemapResult> {
  const store = openStore(ctx);
  try {
    const session = requireSession(store, id);
    const given = options.conversationId?.trim();
    if (given !== undefined) assertConversationId(given);
    const to = given ?? (await foundConversation(ctx, session, options.configPath));
    const source = given === undefined ? "found" : "given";
    const updated = writeTransaction(store, (tx) =>
      updateSession(
        tx,
        id,
        { agentSessionId: to },
        { type: "session.remapped", payload: { from: session.agentSessionId, to, source } },
      ),
    );
    return { session: updated, from: session.agentSessionId, to, source };
  } finally {
    closeStore(store);
  }
}

function assertConversationId(value: string): void {
  if (CONVERSATION_ID.test(value)) return;
  throw new AoError("E_USAGE", `"${value}" is not a conversation id`, {
    exitCode: EXIT_USAGE,
    hint: "give the id the agent prints or names its transcript by (letters, digits, . _ : -), or leave it out to find the newest",
    details: { conversationId: value },
  });
}

async function foundConversation(
  ctx: AoContext,
  session: Session,
  configPath: string | undefined,
): Promise<string> {
  const opened: OpenProject = await openProject(ctx, session.project, {
    configPath,
    agent: session.agent,
    runtime: session.runtime,
  });
  if (opened.agent.latestConversation === undefined) {
    throw new AoError("E_USAGE", `agent ${session.agent} does not say where it records its conversations`, {
      exitCode: EXIT_USAGE,
      hint: `name the id: ao session remap ${session.id} <conversation-id>`,
      details: { session: session.id, agent: session.agent },
    });
  }
  const found = await opened.agent.latestConversation(session.worktree);
  if (found !== undefined && CONVERSATION_ID.test(found)) return found;
  throw new AoError("E_NOT_FOUND", `${session.agent} recorded no conversation in ${session.worktree}`, {
    hint: `name the id: ao session remap ${session.id} <conversation-id>`,
    details: { session: session.id, worktree: session.worktree },
  });
}
