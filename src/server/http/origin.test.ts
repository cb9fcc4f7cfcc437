import { describe, expect, it } from "vitest";
import { originAllowed } from "./origin.ts";

describe("originAllowed", () => {
  const publicOrigin = "https://atrium.example.com";
  it("allows requests without Origin (non-browser clients)", () => {
    expect(originAllowed(undefined, "x", publicOrigin)).toBe(true);
  });
  it("allows PUBLIC_URL's origin and the Host the request came to", () => {
    expect(originAllowed(publicOrigin, "internal:3000", publicOrigin)).toBe(true);
    expect(originAllowed("http://localhost:3000", "localhost:3000", publicOrigin)).toBe(true);
  });
  it("refuses other sites, 'null' and garbage", () => {
    expect(originAllowed("https://evil.example", "atrium.example.com", publicOrigin)).toBe(false);
    expect(originAllowed("null", "atrium.example.com", publicOrigin)).toBe(false);
    expect(originAllowed("not a url", undefined, publicOrigin)).toBe(false);
  });
});
