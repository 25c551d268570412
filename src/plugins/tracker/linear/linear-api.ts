import type { LinearClient, LinearError } from "@linear/sdk";
import { AoError, messageOf, type PluginContext } from "../../../core/plugin-api.js";
import { LINEAR_ERRORS } from "./error-codes.js";

export const LINEAR_API_KEY_ENV = "LINEAR_API_KEY";
export const DEFAULT_LINEAR_API_URL = "https://api.linear.app/graphql";

/** One GraphQL call through the SDK's client; failures are AoErrors that never carry the key. */
export type LinearRequest = <T>(document: string, variables: Record<string, unknown>) => Promise<T>;

/**
 * A `LinearClient` made on first use: a project whose tracker is only opened (to ask whether it can
 * list issues) needs neither the key nor the 3 MB SDK. The key is read from the environment and
 * goes only into the client's Authorization header.
 */
export function linearRequester(
  ctx: Pick<PluginContext, "env" | "logger">,
  apiUrl: string | undefined,
): LinearRequest {
  let client: Promise<LinearClient> | undefined;
  return async <T>(document: string, variables: Record<string, unknown>): Promise<T> => {
    // A failed start (the key not exported yet) is not kept: the next call retries.
    client ??= makeClient(ctx, apiUrl ?? DEFAULT_LINEAR_API_URL).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    const linear = await client;
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? "unnamed";
    ctx.logger.debug(`linear: ${operation}`, { apiUrl: apiUrl ?? DEFAULT_LINEAR_API_URL, variables });
    try {
      return (await linear.client.rawRequest<T, Record<string, unknown>>(document, variables)).data as T;
    } catch (error) {
      throw linearFailure(error, apiUrl ?? DEFAULT_LINEAR_API_URL);
    }
  };
}

async function makeClient(ctx: Pick<PluginContext, "env">, apiUrl: string): Promise<LinearClient> {
  const apiKey = ctx.env[LINEAR_API_KEY_ENV];
  if (apiKey === undefined || apiKey.trim() === "") {
    throw new AoError(
      LINEAR_ERRORS.E_LINEAR_AUTH,
      `${LINEAR_API_KEY_ENV} is not set; tracker/linear needs an API key`,
      {
        hint: `create a personal API key in Linear (Settings → Security & access) and export ${LINEAR_API_KEY_ENV}=…`,
      },
    );
  }
  const { LinearClient } = await import("@linear/sdk");
  try {
    return new LinearClient({ apiKey: apiKey.trim(), apiUrl });
  } catch (error) {
    throw new AoError(
      "E_CONFIG_INVALID",
      `tracker/linear apiUrl ${apiUrl} is not usable: ${messageOf(error)}`,
      {
        hint: "use an https:// URL (plain http only for localhost), e.g. https://api.linear.app/graphql",
      },
    );
  }
}

/** Not found, rejected key, rate limit, unreachable: each with what to do about it. */
export function linearFailure(error: unknown, apiUrl: string): AoError {
  const linear = asLinearError(error);
  if (linear === undefined) {
    return new AoError("E_PLUGIN_FAILED", `could not reach Linear at ${apiUrl}: ${messageOf(error)}`, {
      hint: "check the network, or tracker.apiUrl in agent-orchestrator.yaml",
      cause: error,
    });
  }
  const type = String(linear.type ?? "error");
  if (isNotFound(linear, type)) {
    const id = linear.variables?.["id"];
    return new AoError("E_NOT_FOUND", `Linear has no issue ${typeof id === "string" ? id : ""}`.trim(), {
      hint: "refer to a Linear issue as ENG-123 or its URL; check that the key's workspace can see it",
    });
  }
  // Compared as text: the SDK's LinearErrorType enum is a runtime value, and the SDK loads lazily.
  if (type === "AuthenticationError" || type === "Forbidden") {
    return new AoError(
      LINEAR_ERRORS.E_LINEAR_AUTH,
      `Linear rejected the key in ${LINEAR_API_KEY_ENV}: ${linear.message}`,
      {
        hint: `check ${LINEAR_API_KEY_ENV}: a personal API key from Linear (Settings → Security & access)`,
      },
    );
  }
  const wait =
    "retryAfter" in linear && typeof linear.retryAfter === "number" ? linear.retryAfter : undefined;
  return new AoError("E_PLUGIN_FAILED", `Linear request failed (${type}): ${linear.message}`, {
    hint:
      wait === undefined
        ? "try again; if it persists, check Linear's status page"
        : `Linear asks to wait ${String(wait)}s`,
    cause: error,
  });
}

function asLinearError(error: unknown): LinearError | undefined {
  return error instanceof Error && "type" in error && "errors" in error ? (error as LinearError) : undefined;
}

/** Linear answers an unknown id with an "invalid input" error saying the entity was not found. */
function isNotFound(error: LinearError, type: string): boolean {
  const texts = [error.message, ...(error.errors ?? []).map((inner) => inner.message)];
  return type === "InvalidInput" && texts.some((text) => /entity not found|could not find/i.test(text));
}
