import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Which addresses an outbound call to an automation may reach (decision 019):
 * public unicast only. Loopback, link-local (cloud metadata at
 * 169.254.169.254 among them), private, shared (CGNAT), unique-local,
 * multicast, reserved and unspecified addresses are refused, in IPv4 and
 * IPv6, IPv4 embedded in IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96)
 * judged by the IPv4 address inside.
 */

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockedV4.addSubnet(net, prefix, "ipv4");
}

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const) {
  blockedV6.addSubnet(net, prefix, "ipv6");
}

/** The 8 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail too). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = text.includes("::") ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(fill, 0)).fill("0"), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

function embeddedIpv4(groups: number[]): string | undefined {
  const v4 = () =>
    [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 5) && groups[5] === 0xffff) return v4();
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7]! > 1)) return v4();
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4();
  // 64:ff9b::a.b.c.d (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4();
  return undefined;
}

/** Whether an IP address (v4 or v6) is one an automation call must not reach. */
export function isBlockedAddress(address: string): boolean {
  if (isIPv4(address)) return blockedV4.check(address, "ipv4");
  if (!isIPv6(address)) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const inner = embeddedIpv4(groups);
  if (inner) return blockedV4.check(inner, "ipv4");
  return blockedV6.check(address.split("%")[0]!, "ipv6");
}
