import { describe, expect, it } from "vitest";
import { AppError, AUTHENTICATION_REQUIRED, unauthenticated } from "#shared/errors.ts";
import { ignoreAuthRequired, isAuthRequiredError } from "./loader-guard.ts";

describe("ignoreAuthRequired", () => {
  it("passes a loader's value through", async () => {
    await expect(ignoreAuthRequired(Promise.resolve(7))).resolves.toBe(7);
  });

  it("turns an UNAUTHENTICATED error into no value, whatever its message", async () => {
    await expect(
      ignoreAuthRequired(Promise.reject(unauthenticated("token_expired"))),
    ).resolves.toBe(undefined);
    const reworded = new AppError("UNAUTHENTICATED", "Bitte melden Sie sich an.");
    await expect(ignoreAuthRequired(Promise.reject(reworded))).resolves.toBe(undefined);
  });

  it("lets every other error through, even one whose text mentions authentication", async () => {
    const notFound = new AppError("NOT_FOUND", "The folder was not found.");
    await expect(ignoreAuthRequired(Promise.reject(notFound))).rejects.toBe(notFound);
    const lookalike = new Error(`Proxy said: ${AUTHENTICATION_REQUIRED}`);
    await expect(ignoreAuthRequired(Promise.reject(lookalike))).rejects.toBe(lookalike);
    const internal = new AppError("INTERNAL", AUTHENTICATION_REQUIRED);
    expect(isAuthRequiredError(internal)).toBe(false);
  });
});
