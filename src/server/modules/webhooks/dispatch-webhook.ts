import { inArray } from "drizzle-orm";
import type { Services } from "../../api/context.ts";
import { documents } from "../../db/schema.ts";
import { signedDownloadUrl } from "../../documents/signed-download.ts";
import type { ModuleRow } from "../module-access.ts";
import type { ExecutionRow } from "../executions/execution-view.ts";
import { demoAutomationRoutes } from "./demo-automation.ts";
import { DEMO_AUTOMATION_PATH } from "./demo-automation-path.ts";
import { BlockedAddressError, safePost } from "./safe-post.ts";
import { SIGNATURE_HEADER, signBody } from "./webhook-signature.ts";

/** A failed POST worth trying again: network error, timeout or a 5xx answer. */
export class RetryableDispatchError extends Error {
  override name = "RetryableDispatchError";
}

export type DispatchOutcome =
  | { kind: "accepted"; status: number }
  | { kind: "refused"; reason: string };

export function callbackUrl(services: Services, executionId: string): string {
  return `${services.config.publicUrl}/api/modules/executions/${executionId}/callback`;
}

/**
 * The body an automation receives (docs/operations.md "Wiring a module to n8n").
 * Document links are valid 15 minutes.
 */
export async function webhookBody(
  services: Services,
  execution: ExecutionRow,
  module: ModuleRow,
  token: string,
): Promise<string> {
  const rows =
    execution.documentIds.length === 0
      ? []
      : await services.database.db
          .select()
          .from(documents)
          .where(inArray(documents.id, execution.documentIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chosen = execution.documentIds.flatMap((id) => {
    const row = byId.get(id);
    return row && row.organizationId === execution.organizationId ? [row] : [];
  });
  return JSON.stringify({
    executionId: execution.id,
    module: { id: module.id, slug: module.slug, name: module.name },
    n8nWorkflowId: module.n8nWorkflowId,
    inputs: execution.inputs,
    documents: await Promise.all(
      chosen.map(async (row) => ({
        id: row.id,
        name: row.name,
        mimeType: row.mimeType,
        size: row.size,
        downloadUrl: await signedDownloadUrl(services, row.id),
      })),
    ),
    callback: {
      url: callbackUrl(services, execution.id),
      token,
      expiresAt: execution.callbackExpiresAt?.toISOString() ?? null,
    },
  });
}

/**
 * The server's own demo automation (decision 019) is not called over the
 * network: an endpoint whose path is /api/demo-automation on a loopback host
 * (any port, as the seed wrote it) or on this server's own origin gets the
 * same signed request handed to that route in process. No socket is opened,
 * so this opens nothing to SSRF; every other loopback address stays refused.
 */
export function isDemoAutomationEndpoint(services: Services, endpoint: URL): boolean {
  if (endpoint.pathname !== DEMO_AUTOMATION_PATH) return false;
  const host = endpoint.hostname.replace(/^\[|\]$/g, "");
  return (
    ["localhost", "127.0.0.1", "::1"].includes(host) ||
    endpoint.origin === new URL(services.config.publicUrl).origin
  );
}

async function postInProcess(
  services: Services,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const response = await demoAutomationRoutes(services).fetch(
    // The route's own app serves "/" (the server mounts it at /api/demo-automation).
    new Request(new URL("/", url), { method: "POST", headers, body }),
  );
  return { status: response.status, body: await response.text() };
}

/** POST the run to its module's endpoint, signed; what the answer means for the run. */
export async function dispatchWebhook(options: {
  services: Services;
  execution: ExecutionRow;
  module: ModuleRow;
  token: string;
  signal?: AbortSignal;
}): Promise<DispatchOutcome> {
  const { services, module } = options;
  if (!module.endpointUrl) return { kind: "refused", reason: "This module has no endpoint URL." };
  if (!module.webhookSecret) {
    return {
      kind: "refused",
      reason: "This module has no signing secret; an administrator must set one.",
    };
  }
  const endpoint = new URL(module.endpointUrl);
  const body = await webhookBody(services, options.execution, module, options.token);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": `${services.config.appName}-modules`,
    [SIGNATURE_HEADER]: signBody(module.webhookSecret, body),
    "X-Atrium-Execution": options.execution.id,
  };
  let answer: { status: number; body: string };
  try {
    answer = isDemoAutomationEndpoint(services, endpoint)
      ? await postInProcess(services, module.endpointUrl, body, headers)
      : await safePost({
          url: module.endpointUrl,
          body,
          headers,
          allowedHosts: services.config.modules.allowedHosts,
          timeoutMs: services.config.modules.webhookTimeoutMs,
          signal: options.signal,
        });
  } catch (error) {
    if (error instanceof BlockedAddressError) {
      return {
        kind: "refused",
        reason: `The automation's address is not allowed: ${error.message}. An administrator can allow the host with MODULE_WEBHOOK_ALLOWED_HOSTS.`,
      };
    }
    const name = error instanceof Error ? error.name : "";
    const why =
      name === "TimeoutError" || name === "AbortError"
        ? `it did not answer within ${Math.round(services.config.modules.webhookTimeoutMs / 1000)} s`
        : `${error instanceof Error ? error.message : String(error)}`;
    throw new RetryableDispatchError(`The automation could not be reached: ${why}.`);
  }
  if (answer.status >= 200 && answer.status < 300)
    return { kind: "accepted", status: answer.status };
  if (answer.status >= 500) {
    throw new RetryableDispatchError(
      `The automation failed to start the run (HTTP ${answer.status}).`,
    );
  }
  if (answer.status >= 300 && answer.status < 400) {
    return {
      kind: "refused",
      reason: `The automation answered with a redirect (HTTP ${answer.status}), which is not followed; check the module's endpoint URL.`,
    };
  }
  return {
    kind: "refused",
    reason: `The automation refused the run (HTTP ${answer.status}${summary(answer.body)}).`,
  };
}

function summary(body: string): string {
  const text = body.replace(/\s+/g, " ").trim().slice(0, 200);
  return text ? `: ${text}` : "";
}
