type Filter = Record<string, unknown>;

/**
 * Evaluates the subset of Linear's filter language tracker/linear uses against a plain object:
 * `and`/`or`, `some` over lists, and the comparators eq, neq, in, nin, eqIgnoreCase. Any other key
 * is a field to descend into; a missing or null field matches nothing.
 */
export function matchesLinearFilter(value: unknown, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) => matchesClause(value, key, condition));
}

function matchesClause(value: unknown, key: string, condition: unknown): boolean {
  switch (key) {
    case "and":
      return (condition as Filter[]).every((inner) => matchesLinearFilter(value, inner));
    case "or":
      return (condition as Filter[]).some((inner) => matchesLinearFilter(value, inner));
    case "some":
      return Array.isArray(value) && value.some((item) => matchesLinearFilter(item, condition as Filter));
    case "eq":
      return value === condition;
    case "neq":
      return value !== condition;
    case "in":
      return (condition as unknown[]).includes(value);
    case "nin":
      return !(condition as unknown[]).includes(value);
    case "eqIgnoreCase":
      return typeof value === "string" && value.toLowerCase() === String(condition).toLowerCase();
    default: {
      const inner = (value as Record<string, unknown> | null | undefined)?.[key];
      return inner !== undefined && inner !== null && matchesLinearFilter(inner, condition as Filter);
    }
  }
}
