import { AoError, isAoError, messageOf } from "../errors.js";

/**
 * Wraps a plugin instance once so that whatever a method throws or rejects with becomes an AoError
 * naming the plugin and the method. AoErrors pass through: a plugin that says E_NOT_FOUND means it.
 * Methods run with the raw instance as `this`, so private fields work and internal calls are not
 * wrapped twice. A capability grouped in a plain object (`runtime.remote`) is wrapped the same way,
 * its methods named `<label>.<group>.<method>`.
 */
export function wrapPluginInstance<T extends object>(instance: T, label: string): T {
  const wrappers = new Map<PropertyKey, { original: unknown; wrapper: unknown }>();
  return new Proxy(instance, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof property === "symbol") return value;
      const group = isCapabilityGroup(value);
      if (typeof value !== "function" && !group) return value;
      const known = wrappers.get(property);
      if (known !== undefined && known.original === value) return known.wrapper;
      const where = `${label}.${property}`;
      const wrapper = group
        ? wrapPluginInstance(value as object, where)
        : guard(target, value as (...args: unknown[]) => unknown, where);
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

/** A plain object of methods (not an array, a promise, a class instance's data). */
function isCapabilityGroup(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value) || isThenable(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function rethrow(error: unknown, where: string): never {
  throw asPluginError(error, where);
}

/** The error a caller sees when `where` (e.g. `runtime/tmux.deliver`) failed with `error`. */
export function asPluginError(error: unknown, where: string): AoError {
  if (error instanceof AoError) return error;
  if (isAoError(error)) return fromForeignAoError(error);
  const reason = messageOf(error);
  return new AoError("E_PLUGIN_FAILED", `${where} failed: ${reason}`, {
    cause: error,
    details: { plugin: where },
  });
}

/**
 * An external plugin throws the AoError of its own copy of the package; `instanceof` fails across
 * copies, but the error still says exactly what the plugin meant, so keep its code, message and
 * hint, as an AoError of this copy (the cause keeps the original).
 */
function fromForeignAoError(error: AoError): AoError {
  return new AoError(error.code, error.message, {
    hint: typeof error.hint === "string" ? error.hint : undefined,
    details: error.details,
    cause: error,
  });
}
