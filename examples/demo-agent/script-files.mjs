// The files the demo agent writes, step by step. Kept apart from the agent's terminal handling so
// the script reads as what it is: a fixed sequence of edits to the sandbox project.

/** Step 1: average() as a first attempt would write it, without thinking of the empty list. */
export const FIRST_SOURCE = `/** Small statistics helpers. */

export function sum(numbers) {
  return numbers.reduce((total, value) => total + value, 0);
}

export function average(numbers) {
  return sum(numbers) / numbers.length;
}
`;

/** Step 1 also adds the tests the issue asks for; the empty-list one fails against FIRST_SOURCE. */
export const TESTS_ADDED = `
test("average is the arithmetic mean", () => {
  assert.equal(average([2, 4, 6]), 4);
});

test("average of an empty list is 0", () => {
  assert.equal(average([]), 0);
});
`;

/** The import line step 1 changes so the new tests can see average(). */
export const IMPORT_BEFORE = `import { sum } from "./stats.mjs";`;
export const IMPORT_AFTER = `import { average, sum } from "./stats.mjs";`;

/** Step 2: the fix, after CI reported the failing test. */
export const FIXED_SOURCE = `/** Small statistics helpers. */

export function sum(numbers) {
  return numbers.reduce((total, value) => total + value, 0);
}

export function average(numbers) {
  return numbers.length === 0 ? 0 : sum(numbers) / numbers.length;
}
`;
