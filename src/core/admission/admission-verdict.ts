import type { AdmissionConfig } from "../config/index.js";
import { formatByteSize } from "../byte-size.js";
import type { MachineReading } from "./machine.js";

/** What admission knows when a new agent asks to start. */
export interface AdmissionInput {
  admission: AdmissionConfig;
  machine: MachineReading;
  /** Bytes the new agent will take: configured for its plugin, else learned, else 0 (unknown). */
  expected: number;
  /** Bytes of agents that started but have not grown to their size yet (counted as expected). */
  starting: number;
}

/** Why a new agent cannot start now, in words and as data. */
export interface AdmissionRefusal {
  /** "waiting for 2.1 GiB free; 1.2 GiB now". */
  reason: string;
  resource: "memory" | "load";
  needed: number;
  now: number;
}

/**
 * Pure: may one more agent start now? Memory: what is free must cover the new agent's share, the
 * shares of agents still starting, and the floor (`minFreeMemory`). Load: the 1-minute load average
 * per core must be at most `maxLoadPerCore`. Undefined means yes.
 */
export function admissionVerdict(input: AdmissionInput): AdmissionRefusal | undefined {
  const { admission, machine } = input;
  const floor = admission.minFreeMemory;
  if (floor !== undefined || input.expected > 0) {
    const needed = (floor ?? 0) + input.expected + input.starting;
    if (machine.freeMemory < needed) {
      return {
        reason: `waiting for ${formatByteSize(needed)} free; ${formatByteSize(machine.freeMemory)} now`,
        resource: "memory",
        needed,
        now: machine.freeMemory,
      };
    }
  }
  const perCore = machine.load1 / Math.max(1, machine.cores);
  if (admission.maxLoadPerCore !== undefined && perCore > admission.maxLoadPerCore) {
    return {
      reason: `waiting for the load to fall to ${admission.maxLoadPerCore} per core; ${perCore.toFixed(2)} now`,
      resource: "load",
      needed: admission.maxLoadPerCore,
      now: perCore,
    };
  }
  return undefined;
}
