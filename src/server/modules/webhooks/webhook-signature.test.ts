import { describe, expect, it } from "vitest";
import { signatureOf, signBody, verifySignature } from "./webhook-signature.ts";

describe("webhook signature", () => {
  const secret = "s3cret";
  const body = JSON.stringify({ seq: 1, type: "progress" });

  it("accepts what it signed", () => {
    expect(verifySignature(signBody(secret, body), secret, body)).toEqual({ ok: true });
  });

  it("signs <t>.<body> with HMAC-SHA256 in hex", () => {
    // printf '1700000000.{}' | openssl dgst -sha256 -hmac key
    expect(signatureOf("key", 1700000000, "{}")).toBe(
      "9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae",
    );
    expect(signBody("key", "{}", 1_700_000_000_500)).toBe(
      "t=1700000000,v1=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae",
    );
  });

  it("refuses a missing, malformed, wrong or tampered signature", () => {
    expect(verifySignature(undefined, secret, body).ok).toBe(false);
    expect(verifySignature("nonsense", secret, body).ok).toBe(false);
    expect(verifySignature(signBody("other", body), secret, body).ok).toBe(false);
    expect(verifySignature(signBody(secret, body), secret, `${body} `).ok).toBe(false);
  });

  it("refuses a signature older than five minutes", () => {
    const old = signBody(secret, body, Date.now() - 301_000);
    expect(verifySignature(old, secret, body)).toEqual({
      ok: false,
      reason: "The signature is too old (or from the future).",
    });
    expect(verifySignature(signBody(secret, body, Date.now() - 200_000), secret, body).ok).toBe(
      true,
    );
  });
});
