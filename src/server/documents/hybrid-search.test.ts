import { describe, expect, it } from "vitest";
import { binaryDot, fuse } from "./hybrid-search.ts";

/** A real[] in PostgreSQL's binary send format (what array_send gives), for one dimension. */
function arraySend(values: (number | null)[], elementOid = 700): Uint8Array {
  const bytes = new Uint8Array(20 + values.length * 8);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 1); // dimensions
  view.setInt32(4, values.some((v) => v === null) ? 1 : 0); // has nulls
  view.setUint32(8, elementOid);
  view.setInt32(12, values.length);
  view.setInt32(16, 1); // lower bound
  values.forEach((value, i) => {
    if (value === null) {
      view.setInt32(20 + i * 8, -1);
      return;
    }
    view.setInt32(20 + i * 8, 4);
    view.setFloat32(24 + i * 8, value);
  });
  return bytes;
}

describe("binaryDot", () => {
  it("computes the dot product of a binary real[] with a vector", () => {
    expect(binaryDot(arraySend([0.5, -0.25, 1]), [2, 4, 0.5])).toBeCloseTo(0.5, 6);
  });

  it("reads the hex text form a driver may give for bytea", () => {
    const hex = `\\x${Buffer.from(arraySend([1, 2])).toString("hex")}`;
    expect(binaryDot(hex, [3, 4])).toBeCloseTo(11, 6);
  });

  it("refuses another length, another element type, nulls and garbage", () => {
    expect(binaryDot(arraySend([1, 2, 3]), [1, 2])).toBeNull();
    expect(binaryDot(arraySend([1, 2], 701), [1, 2])).toBeNull();
    expect(binaryDot(arraySend([1, null]), [1, 2])).toBeNull();
    expect(binaryDot(new Uint8Array(7), [1])).toBeNull();
    expect(binaryDot("not bytes", [1])).toBeNull();
    expect(binaryDot(null, [1])).toBeNull();
  });
});

describe("fuse", () => {
  it("adds reciprocal ranks and breaks ties by id", () => {
    const fused = fuse(
      [
        { documentId: "b", chunkId: "b1" },
        { documentId: "a", chunkId: "a1" },
      ],
      [
        { documentId: "a", chunkId: "a2" },
        { documentId: "c", chunkId: "c1" },
      ],
    );
    expect(fused.map((f) => f.documentId)).toEqual(["a", "b", "c"]);
    expect(fused[0]).toMatchObject({ textChunk: "a1", vectorChunk: "a2" });
  });
});
