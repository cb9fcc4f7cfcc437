import { APICallError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { GENERIC_MODEL_ERROR, isProviderError, providerErrorMessage } from "./provider-error.ts";

const apiError = (message: string, statusCode = 401) =>
  new APICallError({ message, url: "http://model/v1", requestBodyValues: {}, statusCode });

describe("providerErrorMessage", () => {
  it("shows the provider's own message", () => {
    expect(providerErrorMessage(apiError("Incorrect API key provided."))).toBe(
      "Incorrect API key provided.",
    );
    expect(providerErrorMessage({ message: "Overloaded", type: "server_error" })).toBe(
      "Overloaded",
    );
  });

  it("unwraps retries to the last failure", () => {
    const retry = new RetryError({
      message: "Failed after 3 attempts. Last error: Rate limit",
      reason: "maxRetriesExceeded",
      errors: [apiError("Busy", 503), apiError("Rate limit reached for gpt", 429)],
    });
    expect(providerErrorMessage(retry)).toBe("Rate limit reached for gpt");
    expect(isProviderError(retry)).toBe(true);
  });

  it("never shows our own errors, and keeps messages short and on one line", () => {
    expect(providerErrorMessage(new TypeError("Cannot read properties of undefined"))).toBe(
      GENERIC_MODEL_ERROR,
    );
    expect(isProviderError(new TypeError("x"))).toBe(false);
    expect(providerErrorMessage(undefined)).toBe(GENERIC_MODEL_ERROR);
    expect(providerErrorMessage({ message: "  line one\n  line two " })).toBe("line one line two");
    expect(providerErrorMessage({ message: "x".repeat(5000) })).toHaveLength(1001);
  });
});
