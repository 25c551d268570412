/** Small statistics helpers. */

export function sum(numbers) {
  return numbers.reduce((total, value) => total + value, 0);
}
