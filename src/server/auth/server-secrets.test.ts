import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { randomToken, sameSecret, secretsFrom, sha256 } from "./server-secrets.ts";
import { newSixDigitCode } from "./sign-in-codes.ts";

describe("secrets at rest for the sign-in methods", () => {
  const secrets = secretsFrom(randomBytes(32));

  it("encrypts with AES-GCM: a fresh IV each time, and tampering is detected", () => {
    const a = secrets.encrypt("JBSWY3DPEHPK3PXP");
    const b = secrets.encrypt("JBSWY3DPEHPK3PXP");
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(secrets.decrypt(a)).toBe("JBSWY3DPEHPK3PXP");
    const parts = a.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => secrets.decrypt(parts.join("."))).toThrow();
    expect(() => secretsFrom(randomBytes(32)).decrypt(a)).toThrow();
  });

  it("hashes 6-digit codes with a key: the same code hashes alike, another key differently", () => {
    expect(secrets.hmac("u1:123456")).toBe(secrets.hmac("u1:123456"));
    expect(secrets.hmac("u1:123456")).not.toBe(secrets.hmac("u2:123456"));
    expect(secretsFrom(randomBytes(32)).hmac("u1:123456")).not.toBe(secrets.hmac("u1:123456"));
    expect(secrets.hmac("u1:123456")).not.toBe(sha256("u1:123456"));
  });

  it("makes 256-bit tokens, 6-digit codes, and compares in constant time", () => {
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
    for (let i = 0; i < 200; i++) expect(newSixDigitCode()).toMatch(/^\d{6}$/);
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
  });
});
