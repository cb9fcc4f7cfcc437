import { Hono } from "hono";
import { z } from "zod";
import type { FunctionKind } from "#shared/api/define.ts";
import { AppError, isAppError, unauthenticated } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { execute } from "../api/execute.ts";
import type { Registry } from "../api/registry.ts";
import { errorBody, FUNCTION_ERROR_STATUS, jsonResponse } from "./error-body.ts";
import { type AppEnv, requestInfo } from "./request-info.ts";

const bodySchema = z.object({
  path: z.string().min(1).max(200),
  args: z.unknown().optional(),
  format: z.literal("json").optional(),
});

/**
 * POST /api/query|mutation|action with `{path, args, format: "json"}`:
 * 200 `{status: "success", value, logLines}` or 560 with the error body.
 */
export function functionRoutes(services: Services, registry: Registry) {
  const routes = new Hono<AppEnv>();
  for (const kind of ["query", "mutation", "action"] as const satisfies FunctionKind[]) {
    routes.post(`/api/${kind}`, async (c) => {
      try {
        const text = await c.req.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
        }
        const body = bodySchema.safeParse(json);
        if (!body.success) {
          throw new AppError(
            "BAD_REQUEST",
            'The request body must be {path, args, format: "json"}.',
            {
              issues: body.error.issues.map((i) => ({
                path: i.path.join("."),
                message: i.message,
              })),
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
        return c.json({
          status: "success",
          value: output.value ?? null,
          logLines: output.logLines,
        });
      } catch (error) {
        return jsonResponse(errorBody(error, services.log), FUNCTION_ERROR_STATUS);
      }
    });
  }
  return routes;
}

async function identityFromHeader(services: Services, header: string | undefined) {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated("malformed_header");
  return services.auth.identify(match[1]!);
}
