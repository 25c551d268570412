/** The sentence that hands an agent its task file; the task text itself never enters argv. */
export function taskInstruction(fileReference: string): string {
  return `Carry out the task described in ${fileReference}`;
}
