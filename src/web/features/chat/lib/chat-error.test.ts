import { describe, expect, it } from "vitest";
import { chatErrorMessage, FETCH_FAILED_MESSAGE } from "./chat-error.ts";

describe("chatErrorMessage", () => {
  it("says the fetch failed when there is no response text", () => {
    expect(chatErrorMessage(new Error(""))).toBe(FETCH_FAILED_MESSAGE);
    expect(chatErrorMessage(undefined)).toBe(FETCH_FAILED_MESSAGE);
  });

  it("says the fetch failed for network errors in every browser's words", () => {
    for (const message of [
      "Failed to fetch",
      "Load failed",
      "NetworkError when attempting to fetch resource.",
      "fetch failed",
    ]) {
      expect(chatErrorMessage(new TypeError(message))).toBe(FETCH_FAILED_MESSAGE);
    }
  });

  it("shows the message of a JSON error body", () => {
    const body = JSON.stringify({ status: "error", errorMessage: "Authentication required" });
    expect(chatErrorMessage(new Error(body))).toBe("Authentication required");
    expect(chatErrorMessage(new Error('{"error":{"message":"Rate limit reached"}}'))).toBe(
      "Rate limit reached",
    );
    expect(chatErrorMessage(new Error('{"error":"No model is configured"}'))).toBe(
      "No model is configured",
    );
    expect(chatErrorMessage(new Error('{"message":"Thread was not found."}'))).toBe(
      "Thread was not found.",
    );
  });

  it("falls back when a JSON body has no message, and never shows an HTML page", () => {
    expect(chatErrorMessage(new Error('{"ok":false}'))).toBe(FETCH_FAILED_MESSAGE);
    expect(chatErrorMessage(new Error("<html><body>Bad gateway</body></html>"))).toBe(
      FETCH_FAILED_MESSAGE,
    );
  });

  it("passes the provider's own message and the empty-body message through", () => {
    expect(chatErrorMessage(new Error("The model `gpt-x` does not exist"))).toBe(
      "The model `gpt-x` does not exist",
    );
    expect(chatErrorMessage(new Error("The response body is empty."))).toBe(
      "The response body is empty.",
    );
  });

  it("shortens a very long message", () => {
    const message = chatErrorMessage(new Error("x".repeat(5000)));
    expect(message.length).toBe(600);
    expect(message.endsWith("…")).toBe(true);
  });
});
