import type { PluginCheck, PluginCheckContext } from "../../../core/plugin-api.js";
import { LINEAR_API_KEY_ENV } from "./linear-api.js";

/** tracker/linear's doctor capability: the key it reads from the environment is there (never shown). */
export function checkLinearKey(ctx: Pick<PluginCheckContext, "env">): PluginCheck[] {
  const base = { id: "credentials:linear", title: "Linear credentials" };
  if ((ctx.env[LINEAR_API_KEY_ENV] ?? "").trim() !== "")
    return [{ ...base, status: "ok", detail: `${LINEAR_API_KEY_ENV} is set` }];
  return [
    {
      ...base,
      status: "fail",
      detail: `${LINEAR_API_KEY_ENV} is not set`,
      fix: `export ${LINEAR_API_KEY_ENV}=<key from https://linear.app/settings/api>`,
    },
  ];
}
