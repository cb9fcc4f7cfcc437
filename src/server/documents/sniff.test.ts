import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import JSZip from "jszip";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FileType } from "#shared/file-types.ts";
import {
  ContentInspector,
  checkHead,
  claimedFileType,
  cleanFileName,
  FileRejected,
  formatBytes,
  SNIFF_BYTES,
} from "./sniff.ts";

async function pdfBytes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Hello");
  return Buffer.from(await pdf.save());
}

const pngBytes = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

async function officeZip(mainContentType: string, folder: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="${mainContentType}"/></Types>`,
  );
  zip.file(`${folder}/main.xml`, "<x/>");
  return zip.generateAsync({ type: "nodebuffer" });
}

async function rejection(promise: Promise<unknown>): Promise<FileRejected> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileRejected);
  return error as FileRejected;
}

/** Run bytes (in the given chunks) through an inspector; the bytes it let through. */
async function inspect(
  chunks: Buffer[],
  fileName: string,
  claimed: FileType,
  maxBytes = 10_000_000,
) {
  const inspector = new ContentInspector({ fileName, claimed, maxBytes });
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), inspector, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

describe("cleanFileName", () => {
  it("keeps only the base name, without control or direction characters", () => {
    expect(cleanFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(cleanFileName("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(cleanFileName("in\u0000voice\r\n.pdf")).toBe("invoice .pdf");
    expect(cleanFileName("evil\u202Efdp.exe")).toBe("evilfdp.exe");
    expect(cleanFileName("  many   spaces\there .md ")).toBe("many spaces here .md");
  });

  it("names nameless files 'untitled' and drops leading dots", () => {
    expect(cleanFileName(undefined)).toBe("untitled");
    expect(cleanFileName("   ")).toBe("untitled");
    expect(cleanFileName(".hidden.txt")).toBe("hidden.txt");
  });

  it("shortens long names to 255 characters, keeping the extension and whole characters", () => {
    const long = `${"é".repeat(100)}${"😀".repeat(200)}.docx`;
    const cleaned = cleanFileName(long);
    expect(cleaned.length).toBeLessThanOrEqual(255);
    expect(cleaned.endsWith("😀.docx")).toBe(true);
    expect(cleaned.toWellFormed()).toBe(cleaned);
  });

  it("turns the browsers' %22 back into a quote", () => {
    expect(cleanFileName("say %22hi%22.txt")).toBe('say "hi".txt');
  });

  it("composes characters (NFC)", () => {
    expect(cleanFileName("re\u0301sume\u0301.pdf")).toBe("résumé.pdf");
  });
});

describe("claimedFileType", () => {
  it("reads the type from the extension, any case", () => {
    expect(claimedFileType("A.PDF")).toBe("pdf");
    expect(claimedFileType("photo.JPEG")).toBe("jpg");
    expect(claimedFileType("notes.markdown")).toBe("md");
  });

  it("refuses unsupported or missing extensions with 415, naming the file", () => {
    for (const name of ["setup.exe", "old.doc", "README"]) {
      const error = (() => {
        try {
          claimedFileType(name);
        } catch (e) {
          return e;
        }
      })() as FileRejected;
      expect(error).toBeInstanceOf(FileRejected);
      expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(error.message).toContain(`'${name}' is not a supported file type`);
    }
  });
});

describe("checkHead", () => {
  it("accepts content that is what its name says", async () => {
    await checkHead("a.pdf", "pdf", await pdfBytes());
    await checkHead("a.png", "png", await pngBytes());
    await checkHead(
      "a.jpg",
      "jpg",
      await sharp(await pngBytes())
        .jpeg()
        .toBuffer(),
    );
    await checkHead(
      "a.webp",
      "webp",
      await sharp(await pngBytes())
        .webp()
        .toBuffer(),
    );
    await checkHead(
      "a.docx",
      "docx",
      await officeZip(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        "word",
      ),
    );
    await checkHead(
      "a.xlsx",
      "xlsx",
      await officeZip(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        "xl",
      ),
    );
    await checkHead("a.txt", "txt", Buffer.from("hello"));
    await checkHead("a.svg", "svg", Buffer.from('<?xml version="1.0"?>\n<svg xmlns="x"></svg>'));
  });

  it("refuses a file whose content is another type, saying what it looks like", async () => {
    const error = await rejection(checkHead("scan.pdf", "pdf", await pngBytes()));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(
      "'scan.pdf' is not a PDF file (its content looks like a PNG image).",
    );

    const asText = await rejection(checkHead("photo.txt", "txt", await pngBytes()));
    expect(asText.message).toBe(
      "'photo.txt' is not a text file (its content looks like a PNG image).",
    );
  });

  it("refuses a docx that is a plain zip, and a PDF that is text", async () => {
    const zip = new JSZip();
    zip.file("readme.txt", "hi");
    const plainZip = await zip.generateAsync({ type: "nodebuffer" });
    const error = await rejection(checkHead("report.docx", "docx", plainZip));
    expect(error.message).toBe(
      "'report.docx' is not a Word file (its content looks like a ZIP file).",
    );

    const text = await rejection(checkHead("a.pdf", "pdf", Buffer.from("just text")));
    expect(text.message).toBe("'a.pdf' is not a PDF file.");
  });

  it("refuses empty files and SVGs without an svg element", async () => {
    expect((await rejection(checkHead("e.txt", "txt", Buffer.alloc(0)))).message).toBe(
      "'e.txt' is empty.",
    );
    const svg = await rejection(checkHead("x.svg", "svg", Buffer.from("<html></html>")));
    expect(svg.message).toContain("'x.svg' is not an SVG image");
  });
});

describe("ContentInspector", () => {
  it("passes every byte through unchanged, across the sniffing boundary", async () => {
    const text = Buffer.from("ligne é ünïcode ✓\n".repeat(40_000));
    // Chunks that split multi-byte characters.
    const chunks = [
      text.subarray(0, 7),
      text.subarray(7, SNIFF_BYTES + 3),
      text.subarray(SNIFF_BYTES + 3),
    ];
    const out = await inspect(chunks, "a.txt", "txt");
    expect(out.equals(text)).toBe(true);
  });

  it("refuses binary data far past the head of a text file", async () => {
    const text = Buffer.from("a,b\n".repeat(SNIFF_BYTES));
    const bad = Buffer.concat([text, Buffer.from([0x00, 0x41])]);
    const error = await rejection(inspect([bad], "data.csv", "csv"));
    expect(error.message).toBe("'data.csv' is not a CSV file (it contains binary data).");
  });

  it("refuses invalid UTF-8, including a character cut off at the end", async () => {
    const latin1 = Buffer.from("caf\xe9 au lait", "latin1");
    expect((await rejection(inspect([latin1], "menu.md", "md"))).message).toBe(
      "'menu.md' is not a Markdown file (it is not UTF-8 text).",
    );
    const cut = Buffer.from("ok ✓").subarray(0, 4);
    await rejection(inspect([cut], "cut.txt", "txt"));
  });

  it("stops at the size limit with 413 naming the file and the limit", async () => {
    const pdf = await pdfBytes();
    const error = await rejection(inspect([pdf, Buffer.alloc(4096)], "big.pdf", "pdf", 2048));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toBe("'big.pdf' is larger than the upload limit of 2 KB.");
  });
});

describe("formatBytes", () => {
  it("uses the largest whole unit", () => {
    expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(512)).toBe("512 bytes");
  });
});
