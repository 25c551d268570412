import type { PipelineStep } from "../types.js";

/** What a step's prompt is made of besides the step itself. */
export interface PromptFacts {
  readonly planId: string;
  readonly goal: string;
  /** The discussion file every session of the plan is told of. */
  readonly discussion: string | null;
  /** The outputs of the steps it takes as inputs, by step id, with their titles. */
  readonly inputs: ReadonlyMap<string, { title: string; output: unknown }>;
}

/**
 * The text a step's agent reads: the plan's goal, the role's standing rules, the step's own
 * instructions, the outputs of its inputs (the research, its dependencies, the debate's
 * positions), where the discussion is, and how to hand on its output (`orch_report`, as JSON
 * matching the step's output schema). Pure: the same step and facts always give the same text.
 * Outputs are other agents' words: they go into this file, never onto a command line.
 */
export function stepPrompt(step: PipelineStep, facts: PromptFacts): string {
  const parts = [
    `# ${step.title}`,
    "",
    `You are the ${step.role.id} of plan ${facts.planId}, step ${step.id} (${step.kind}).`,
    `The plan's goal: ${facts.goal}`,
    ...(step.role.rules === null ? [] : ["", "## Your standing rules", "", step.role.rules]),
    "",
    "## Your task",
    "",
    step.prompt,
    ...inputSections(step, facts),
    ...(facts.discussion === null
      ? []
      : [
          "",
          "## Discussion",
          "",
          `The plan's sessions share one discussion file: ${facts.discussion}`,
          "Read it before you start; append what the others need to know under a `## <your step>` heading.",
        ]),
    "",
    "## Handing on your output",
    "",
    ...handOn(step),
  ];
  return `${parts.join("\n")}\n`;
}

function inputSections(step: PipelineStep, facts: PromptFacts): string[] {
  if (step.inputs.length === 0) return [];
  const lines = ["", "## What the steps before you handed on"];
  for (const input of step.inputs) {
    const given = facts.inputs.get(input.step);
    lines.push("", `### ${input.as} ${input.step}${given === undefined ? "" : `: ${given.title}`}`, "");
    lines.push(given === undefined ? "(nothing was handed on)" : fenced(given.output));
  }
  return lines;
}

function handOn(step: PipelineStep): string[] {
  const how = "When you are done, call the `orch_report` tool of the `ao` MCP server with your output";
  if (step.outputSchema === null) return [`${how} (text, or JSON).`];
  return [`${how}: one JSON value matching this JSON Schema.`, "", fenced(step.outputSchema)];
}

function fenced(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return `\`\`\`${typeof value === "string" ? "" : "json"}\n${text}\n\`\`\``;
}
