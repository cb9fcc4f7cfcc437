import { Hono } from "hono";
import { z } from "zod";
import type { FunctionKind } from "#shared/api/define.ts";
import { AppError, isAppError } from "#shared/errors.ts";
import { bearerToken } from "../auth/request-caller.ts";
import { answerErrors, FUNCTION_ERROR_STATUS } from "../http/error-response.ts";
import { readJson } from "../http/read-json.ts";
import { type AppEnv, requestInfo } from "../http/request-info.ts";
import type { Services } from "./context.ts";
import { execute } from "./execute.ts";
import type { Registry } from "./registry.ts";

const bodySchema = z.object({
  path: z.string().min(1).max(200),
  args: z.unknown().optional(),
  format: z.literal("json").optional(),
});

/**
 * /api: POST /query|mutation|action with `{path, args, format: "json"}`:
 * 200 `{status: "success", value, logLines}` or 560 with the error body.
 */
export function functionRoutes(services: Services, registry: Registry) {
  const routes = new Hono<AppEnv>();
  routes.onError(answerErrors(services.log, { status: FUNCTION_ERROR_STATUS }));
  for (const kind of ["query", "mutation", "action"] as const satisfies FunctionKind[]) {
    routes.post(`/${kind}`, async (c) => {
      const body = bodySchema.safeParse(await readJson(c));
      if (!body.success) {
        throw new AppError(
          "BAD_REQUEST",
          'The request body must be {path, args, format: "json"}.',
          {
            issues: body.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          },
        );
      }
      const identity = await identityFromHeader(services, c.req.header("authorization")).catch(
        (error: unknown) => {
          // A stale token must not block public functions (signing in again, refreshing).
          const isPublic = registry.get(body.data.path)?.contract.access === "public";
          if (isPublic && isAppError(error) && error.code === "UNAUTHENTICATED") return null;
          throw error;
        },
      );
      const output = await execute(services, registry, {
        kind,
        path: body.data.path,
        args: body.data.args ?? {},
        identity,
        request: requestInfo(c, services.config.trustProxy),
      });
      return c.json({ status: "success", value: output.value ?? null, logLines: output.logLines });
    });
  }
  return routes;
}

async function identityFromHeader(services: Services, header: string | undefined) {
  const token = bearerToken(header);
  return token ? services.auth.identify(token) : null;
}
