import type { SpawnRequest } from "../api/types.js";

/** The spawn request of the form: an issue, a free-text task, or both (the task then adds to it). */
export function spawnRequest(project: string, issue: string, task: string): SpawnRequest {
  return {
    project,
    ...(issue.trim() === "" ? {} : { issue: issue.trim() }),
    ...(task.trim() === "" ? {} : { prompt: task }),
  };
}
