import { startFakeOpenAI } from "../../tests/support/fake-openai.ts";

/**
 * The loopback OpenAI-compatible model of the tests, in its own process for
 * the chat benchmark (so the model, the server and the load generator each
 * have their own event loop). Prints `{"baseUrl": …}` on one line when ready.
 */
const fake = await startFakeOpenAI();
process.stdout.write(`${JSON.stringify({ baseUrl: fake.baseUrl })}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
