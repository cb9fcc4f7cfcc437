// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TotpQr } from "./totp-qr.tsx";

afterEach(cleanup);

const URI =
  "otpauth://totp/Atrium:member%40demo.example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atrium&digits=6&period=30";

describe("TotpQr", () => {
  it("draws the address as a scannable square: finder patterns inside a two-module quiet zone", () => {
    render(<TotpQr uri={URI} />);
    const svg = screen.getByRole("img", { name: /QR code of the setup address/ });
    const [, , width = 0, height = 0] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
    expect(width).toBeGreaterThan(20);
    expect(width).toBe(height);
    const d = svg.querySelector("path")?.getAttribute("d") ?? "";
    // The top-left finder pattern starts right after the border, and the border itself is empty.
    expect(d).toContain("M2 2h1v1h-1z");
    expect(d).toContain("M8 8h1v1h-1z");
    expect(d).not.toMatch(/M[01] \d+h|M\d+ [01]h/);
    // The top-right finder pattern's outer corner sits against the right border.
    expect(d).toContain(`M${width - 3} 2h1v1h-1z`);
  });
});
