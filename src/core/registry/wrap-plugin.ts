import { AoError, isAoError, type AoErrorCode } from "../errors.js";

/**
 * Wraps a plugin instance once so that whatever a method throws or rejects with becomes an AoError
 * naming the plugin and the method. AoErrors pass through: a plugin that says E_NOT_FOUND means it.
 * Methods run with the raw instance as `this`, so private fields work and internal calls are not
 * wrapped twice.
 */
export function wrapPluginInstance<T extends object>(instance: T, label: string): T {
  const wrappers = new Map<PropertyKey, { original: unknown; wrapper: unknown }>();
  return new Proxy(instance, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function" || typeof property === "symbol") return value;
      const known = wrappers.get(property);
      if (known?.original === value) return known.wrapper;
      const wrapper = guard(target, value as (...args: unknown[]) => unknown, `${label}.${property}`);
      wrappers.set(property, { original: value, wrapper });
      return wrapper;
    },
  });
}

function guard(target: object, method: (...args: unknown[]) => unknown, where: string) {
  return (...args: unknown[]): unknown => {
    try {
      const result = method.apply(target, args);
      return isThenable(result)
        ? Promise.resolve(result).catch((error: unknown) => rethrow(error, where))
        : result;
    } catch (error) {
      return rethrow(error, where);
    }
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function rethrow(error: unknown, where: string): never {
  throw asPluginError(error, where);
}

/** The error a caller sees when `where` (e.g. `runtime/tmux.deliver`) failed with `error`. */
export function asPluginError(error: unknown, where: string): AoError {
  if (isAoError(error)) return error;
  const foreign = fromForeignAoError(error);
  if (foreign) return foreign;
  const reason = error instanceof Error ? error.message : String(error);
  return new AoError("E_PLUGIN_FAILED", `${where} failed: ${reason}`, {
    cause: error,
    details: { plugin: where },
  });
}

/**
 * An external plugin may bundle its own copy of AoError; `instanceof` fails across copies, but the
 * error still says exactly what the plugin meant, so keep its code, message and hint.
 */
function fromForeignAoError(error: unknown): AoError | undefined {
  const candidate = error as { name?: unknown; code?: unknown; message?: unknown; hint?: unknown } | null;
  if (
    candidate?.name !== "AoError" ||
    typeof candidate.code !== "string" ||
    !candidate.code.startsWith("E_")
  ) {
    return undefined;
  }
  return new AoError(candidate.code as AoErrorCode, String(candidate.message), {
    hint: typeof candidate.hint === "string" ? candidate.hint : undefined,
    cause: error,
  });
}
