import { z } from "zod";

// The option schemas of the runtimes, in one module that a runtime imports on the first options it is
// given: building zod schemas takes milliseconds that `ao status` (which gives none) skips.

export const tmuxRuntimeOptions = z.strictObject({
  width: z.number().int().min(20).max(2000).default(220).meta({ description: "Pane width in columns." }),
  height: z.number().int().min(5).max(1000).default(50).meta({ description: "Pane height in rows." }),
  historyLimit: z
    .number()
    .int()
    .min(100)
    .default(10_000)
    .meta({ description: "Scrollback lines kept per pane." }),
  deliverTimeoutMs: z.number().int().min(100).default(15_000).meta({
    description: "How long a pasted message may take to show on screen before delivery is unconfirmed.",
  }),
  submitConfirmMs: z.number().int().min(50).default(2_000).meta({
    description: "How long to wait for the screen to react to Enter; doubles with each retry.",
  }),
  submitRetries: z.number().int().min(0).max(10).default(3).meta({
    description:
      "How many more times Enter is pressed when the screen did not react (the text is never pasted twice).",
  }),
});

export type TmuxRuntimeOptions = z.output<typeof tmuxRuntimeOptions>;

export const processRuntimeOptions = z.strictObject({
  startTimeoutMs: z.number().int().min(100).default(10_000).meta({
    description: "How long the launcher may take to start and open the agent's input pipe.",
  }),
  deliverTimeoutMs: z.number().int().min(100).default(10_000).meta({
    description:
      "How long a message may wait for room in the agent's input pipe before delivery is unconfirmed.",
  }),
  stopGraceMs: z.number().int().min(0).default(5_000).meta({
    description: "Time between SIGTERM and SIGKILL when stopping a session.",
  }),
});

export type ProcessRuntimeOptions = z.output<typeof processRuntimeOptions>;
