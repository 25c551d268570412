/**
 * The merge train (docs/merge-train.md): approved sessions queued per project and landed one at a
 * time — each branch brought up to date with the default branch, tested, and merged only when
 * green and only at the tested commit — with every step recorded (migration 012) so a daemon
 * killed mid-train resumes without merging twice.
 */
export { runTrain, advanceEntry, type TrainPass } from "./run-train.js";
export type { StepOutcome, TrainProject, TrainWorld } from "./train-world.js";
export { enqueueSessions, queueSession, type Enqueued } from "./enqueue.js";
export { listQueue, noteOf, queueListing, type QueueEntryView, type QueueListing } from "./queue-view.js";
export {
  QUEUE_TRANSITIONS,
  isQueueTransition,
  queueEtas,
  queueOrder,
  recentCiDurations,
  shouldReenter,
  trainHead,
  type ReentryFacts,
} from "./queue-order.js";
export { buildCandidate, type Candidate, type CandidateInput } from "./candidate.js";
