import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip } from "../../../../tests/fixtures/raw-zip.ts";
import { forgedSizeDocx, zipBombDocx } from "../../../../tests/support/fixtures.ts";
import { ExtractionError } from "./extraction-error.ts";
import { guardZip } from "./zip-guard.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-zip-guard-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function zipFile(name: string, bytes: Buffer): Promise<string> {
  const filePath = path.join(dir, name);
  await writeFile(filePath, bytes);
  return filePath;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return (error as ExtractionError).message;
}

describe("guardZip", () => {
  it("lists the entries and keeps only those asked for", async () => {
    const filePath = await zipFile(
      "ok.zip",
      buildZip([
        { name: "a.xml", data: "<a>first</a>" },
        { name: "b.bin", data: randomBytes(5000) },
      ]),
    );
    const zip = await guardZip(filePath, "test file", (name) => name.endsWith(".xml"));
    expect(zip.names).toEqual(["a.xml", "b.bin"]);
    expect([...zip.files.keys()]).toEqual(["a.xml"]);
    expect(zip.files.get("a.xml")?.toString()).toBe("<a>first</a>");
  });

  it("refuses a 1 GiB bomb from the directory alone", async () => {
    const filePath = await zipFile("bomb.docx", zipBombDocx());
    expect(await rejection(guardZip(filePath, "Word document"))).toBe(
      "This Word document unpacks to far more data than it holds (a possible zip bomb), so it was not processed.",
    );
  });

  it("catches sizes forged in the directory while inflating", async () => {
    const filePath = await zipFile("forged.docx", forgedSizeDocx());
    expect(await rejection(guardZip(filePath, "Word document"))).toBe(
      "This Word document is damaged or password-protected.",
    );
  });

  it("refuses a zip that declares more than 200 MB in all", async () => {
    const part = () => randomBytes(600 * 1024);
    const filePath = await zipFile(
      "large.xlsx",
      buildZip(
        [1, 2, 3].map((i) => ({
          name: `xl/part${i}.bin`,
          data: part(),
          declaredSize: 90 * 1024 * 1024,
        })),
      ),
    );
    expect(await rejection(guardZip(filePath, "Excel file"))).toBe(
      "The file is too large to process (this Excel file unpacks to more than 200 MB).",
    );
  });

  it("refuses a zip of too many entries", async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}`, data: "" }));
    const filePath = await zipFile("many.pptx", buildZip(entries));
    expect(await rejection(guardZip(filePath, "PowerPoint file"))).toBe(
      "This PowerPoint file holds too many parts to process (10001; the limit is 10000).",
    );
  });

  it("calls a file that is not a zip damaged", async () => {
    const filePath = await zipFile("text.docx", Buffer.from("hello, not a zip"));
    expect(await rejection(guardZip(filePath, "Word document"))).toBe(
      "This Word document is damaged or password-protected.",
    );
  });
});
