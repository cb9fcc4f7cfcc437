import { useMemo } from "react";
import { encode } from "uqr";

/**
 * The otpauth:// address as a QR code for an authenticator app to scan. Dark
 * modules on a white square in both themes (scanners need that contrast),
 * drawn as one SVG path from the encoded matrix; no markup is injected.
 */
export function TotpQr({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(uri, { ecc: "M", border: 2 });
    let d = "";
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [uri]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code of the setup address, for your authenticator app to scan"
      className="size-44 rounded-md bg-white shadow-sm ring-1 ring-border"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
