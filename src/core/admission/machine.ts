import { readFileSync } from "node:fs";
import { availableParallelism, freemem, loadavg, totalmem } from "node:os";
import { AoError, EXIT_USAGE } from "../errors.js";

/** What admission asks of the machine, read at the moment of asking. */
export interface MachineReading {
  /** Bytes of memory available to new processes (os.freemem: MemAvailable on Linux). */
  freeMemory: number;
  totalMemory: number;
  /** The 1-minute load average. */
  load1: number;
  cores: number;
}

export interface Machine {
  read(): MachineReading;
}

/**
 * The test variable naming a machine file: JSON whose fields (`freeMemory`, `load1`, `cores`,
 * `totalMemory`) replace the machine's own readings, read on every call, so a test lowers the free
 * memory of every ao process at once (the CLI and its daemon inherit it) and raises it again while a
 * spawn waits. Unset (always, outside tests), ao reads the machine and nothing else.
 */
export const MACHINE_FILE_ENV = "AO_MACHINE_FILE";

export function machineFromEnv(env: Readonly<Record<string, string | undefined>>): Machine {
  const file = env[MACHINE_FILE_ENV];
  if (file === undefined || file === "") return { read: realReading };
  return { read: () => ({ ...realReading(), ...readMachineFile(file) }) };
}

function realReading(): MachineReading {
  return {
    freeMemory: freemem(),
    totalMemory: totalmem(),
    load1: loadavg()[0] ?? 0,
    cores: Math.max(1, availableParallelism()),
  };
}

const FIELDS = ["freeMemory", "totalMemory", "load1", "cores"] as const;

function readMachineFile(file: string): Partial<MachineReading> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw machineError(`cannot read ${file} (${MACHINE_FILE_ENV}): ${(error as Error).message}`);
  }
  const given: Partial<MachineReading> = {};
  for (const field of FIELDS) {
    const value = (parsed as Record<string, unknown> | null)?.[field];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      throw machineError(`${file} (${MACHINE_FILE_ENV}): ${field} is ${JSON.stringify(value)}, not a number`);
    given[field] = value;
  }
  return given;
}

function machineError(message: string): AoError {
  return new AoError("E_USAGE", message, {
    exitCode: EXIT_USAGE,
    hint: `${MACHINE_FILE_ENV} is a test variable: unset it, or write JSON such as {"freeMemory": 8589934592}`,
  });
}
