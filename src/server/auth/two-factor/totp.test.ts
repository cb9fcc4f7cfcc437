import { describe, expect, it } from "vitest";
import {
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpCode,
  totpUri,
} from "./totp.ts";

const T0 = Date.UTC(2030, 0, 1, 12, 0, 15); // 15 s into a 30-second step
const STEP = Math.floor(T0 / 30_000);

describe("TOTP with a fixed clock", () => {
  const secret = newTotpSecret();

  it("accepts the current code and names its step", () => {
    expect(matchTotp(secret, totpCode(secret, T0), T0)).toBe(STEP);
  });

  it("accepts the codes of one step before and after, not two", () => {
    expect(matchTotp(secret, totpCode(secret, T0 - 30_000), T0)).toBe(STEP - 1);
    expect(matchTotp(secret, totpCode(secret, T0 + 30_000), T0)).toBe(STEP + 1);
    expect(matchTotp(secret, totpCode(secret, T0 - 60_000), T0)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, T0 + 60_000), T0)).toBeUndefined();
  });

  it("refuses another secret's code and anything that is not 6 digits", () => {
    expect(matchTotp(newTotpSecret(), totpCode(secret, T0), T0)).toBeUndefined();
    expect(matchTotp(secret, "12345", T0)).toBeUndefined();
    expect(matchTotp(secret, "abcdef", T0)).toBeUndefined();
  });

  it("ignores spaces inside a typed code", () => {
    const code = totpCode(secret, T0);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, T0)).toBe(STEP);
  });

  it("makes an otpauth address for the apps", () => {
    const uri = totpUri(secret, "ada@example.com", "Atrium");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Atrium:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes of the form xxxx-xxxx-xx", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it("are compared without case, dashes or spaces", () => {
    expect(normalizeRecoveryCode(" K7DM-x3qa 9t ")).toBe("k7dmx3qa9t");
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});
