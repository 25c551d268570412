import { z } from "zod";
import { parseByteSize } from "../byte-size.js";

const SIZE_HINT = 'is a size: write it like "4GiB", "512MiB" or a number of bytes';

/** A memory size: bytes as a number, or "4GiB" / "512 MiB" / "2GB". */
export const byteSizeSchema = z.union([z.int().min(0), z.string()]).transform((value, context) => {
  const bytes = typeof value === "number" ? value : parseByteSize(value);
  if (bytes === undefined) context.addIssue({ code: "custom", message: SIZE_HINT });
  return bytes ?? 0;
});

/**
 * `admission:` — a new agent starts only when the machine can carry it (docs/sessions.md,
 * Admission). Absent: no memory or load check, only maxSessions.
 */
export const admissionSchema = z
  .strictObject({
    minFreeMemory: byteSizeSchema.optional().meta({
      description:
        "Free memory that must remain after a new agent takes its share (perAgentMemory, or what ao measured of that agent). Example: 4GiB.",
    }),
    maxLoadPerCore: z.number().positive().optional().meta({
      description: "Highest 1-minute load average per core at which a new agent may start. Example: 1.5.",
    }),
    perAgentMemory: z.record(z.string().min(1), byteSizeSchema).optional().meta({
      description:
        "Memory each agent plugin takes, by plugin name (claude-code: 2GiB); without one, ao uses the most it measured of that agent's process tree lately.",
    }),
  })
  .meta({ description: "Admission by what the machine can carry: free memory and load (docs/sessions.md)." });

export type RawAdmission = z.output<typeof admissionSchema>;
