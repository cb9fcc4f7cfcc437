import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors.ts";
import { shouldRetryQuery } from "./query-client.ts";

describe("shouldRetryQuery", () => {
  it("does not retry errors that would come back the same", () => {
    for (const code of ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "INVALID_ARGS"] as const) {
      expect(shouldRetryQuery(0, new AppError(code, "no")), code).toBe(false);
    }
  });

  it("retries passing failures twice", () => {
    const error = new AppError("INTERNAL", "oops");
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });
});
