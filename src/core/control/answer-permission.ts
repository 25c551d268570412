import type { Commander } from "../store/index.js";
import { answerQuestion, questionChanged } from "../turns/answer-question.js";
import { assertCommanderMayAnswer } from "./commander-approvals.js";
import { controlPlaneOf, type ControlContext } from "./control-context.js";
import { requireOwnWorker } from "./own-worker.js";
import { permissionQuestion, type PermissionQuestion } from "./turn-result.js";

export interface AnswerPermissionRequest {
  sessionId: string;
  /** One of the options the question offers (send / wait_turn list them). */
  optionId: string;
  /** The question the commander saw: a different one asked meanwhile is not answered blindly. */
  questionId?: string | undefined;
}

/** What `answer_permission` answers (snake_case, as the other tools). */
export interface AnswerPermissionResult {
  session_id: string;
  question: PermissionQuestion;
  option_id: string;
  /** The agent stopped asking it (it took the answer). */
  confirmed: boolean;
  /** The next question the agent asks at once, if any. */
  next_question?: PermissionQuestion;
}

/**
 * `answer_permission`: a commander answers its worker's permission question, as `ao approve`
 * does for a person, only where the project's `controlPlane.commanderApprovals` allows it (checked
 * on the very question answered, not one seen earlier).
 */
export async function answerWorkerPermission(
  cc: ControlContext,
  commander: Commander,
  request: AnswerPermissionRequest,
): Promise<AnswerPermissionResult> {
  const session = requireOwnWorker(cc.store, commander, request.sessionId);
  const { commanderApprovals } = controlPlaneOf(cc, session.project);
  const where = { session: session.id, project: session.project, configPath: cc.config.path };
  const answered = await answerQuestion(cc.turns, session.id, "approve", {
    optionId: request.optionId,
    by: `commander ${commander.name}`,
    accept: (question) => {
      if (request.questionId !== undefined && request.questionId !== question.id)
        throw questionChanged(session.id, request.questionId, question.title, WAIT_TURN_HINT);
      assertCommanderMayAnswer(commanderApprovals, question, where);
    },
  });
  const next = answered.activity.question;
  return {
    session_id: session.id,
    question: permissionQuestion(answered.question),
    option_id: request.optionId,
    confirmed: answered.confirmed,
    ...(next === undefined ? {} : { next_question: permissionQuestion(next) }),
  };
}

const WAIT_TURN_HINT = "call wait_turn for the turn to see the question it asks now, then answer that one";
