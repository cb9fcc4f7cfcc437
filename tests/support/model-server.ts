import { type FakeAutomation, startFakeAutomation } from "./fake-automation.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./fake-openai.ts";
import { type DbKind, startTestServer, type TestServer } from "./server.ts";

/**
 * A test server wired to the loopback model (and, when asked, the loopback
 * automation): the set-up the module, workflow and review-table tests share.
 * `close` stops all of them, whichever started.
 */
export interface ModelServer {
  server: TestServer;
  model: FakeOpenAI;
  /** Present when started with `automation: true`. */
  automation: FakeAutomation | undefined;
  close(): Promise<void>;
}

export interface ModelServerOptions {
  /** The model names the server offers (OPENAI_COMPATIBLE_MODELS). */
  models: string;
  /** Start the loopback automation and allow the server's webhooks to reach it. */
  automation?: boolean;
  /** More environment for the server. */
  env?: Record<string, string>;
}

export async function startModelServer(
  kind: DbKind,
  options: ModelServerOptions,
): Promise<ModelServer> {
  const model = await startFakeOpenAI();
  let automation: FakeAutomation | undefined;
  let server: TestServer | undefined;
  const close = async () => {
    await server?.close();
    await automation?.close();
    await model.close();
  };
  try {
    if (options.automation) automation = await startFakeAutomation();
    server = await startTestServer(kind, {
      ...(automation ? { MODULE_WEBHOOK_ALLOWED_HOSTS: automation.host } : {}),
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODELS: options.models,
      ...options.env,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { server, model, automation, close };
}

/**
 * Read `read()` until `accept` takes its value, every `intervalMs`; throws
 * with the last value after `timeoutMs`.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  accept: (value: NonNullable<T>) => boolean,
  options: { what: string; timeoutMs: number; intervalMs?: number },
): Promise<NonNullable<T>> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined && accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${options.what} never matched: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 150));
  }
}
