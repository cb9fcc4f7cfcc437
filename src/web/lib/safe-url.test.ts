import { describe, expect, it } from "vitest";
import { hostOf, safeExternalHref } from "./safe-url.ts";

describe("safeExternalHref", () => {
  it("keeps http, https and mailto links", () => {
    expect(safeExternalHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeExternalHref("http://example.com")).toBe("http://example.com/");
    expect(safeExternalHref("mailto:ada@example.com")).toBe("mailto:ada@example.com");
  });

  it("refuses script, data, file and other schemes, whatever their case or padding", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://example.com/123",
    ]) {
      expect(safeExternalHref(href)).toBeNull();
    }
  });

  it("refuses relative and protocol-relative links", () => {
    expect(safeExternalHref("/api/documents/1/download")).toBeNull();
    expect(safeExternalHref("//evil.example/x")).toBeNull();
    expect(safeExternalHref("threads/abc")).toBeNull();
    expect(safeExternalHref("")).toBeNull();
    expect(safeExternalHref(undefined)).toBeNull();
  });

  it("names the host of a link", () => {
    expect(hostOf("https://img.example.com:8443/x.png")).toBe("img.example.com:8443");
  });
});
