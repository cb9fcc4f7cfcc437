import { describe, expect, it } from "vitest";
import { downloadFileName, extensionForMimeType } from "./download-file-name.ts";

describe("downloadFileName", () => {
  it("prefers the original file name", () => {
    expect(
      downloadFileName({
        fileNameOriginal: "Q3 report.pdf",
        title: "Quarterly report",
        name: "report",
        mimeType: "application/pdf",
      }),
    ).toBe("Q3 report.pdf");
  });

  it("falls back to the title, then the name, then 'download'", () => {
    expect(downloadFileName({ title: "Budget.xlsx", name: "budget-v2.xlsx" })).toBe("Budget.xlsx");
    expect(downloadFileName({ name: "budget-v2.xlsx" })).toBe("budget-v2.xlsx");
    expect(downloadFileName({})).toBe("download");
  });

  it("skips empty, blank and null names", () => {
    expect(downloadFileName({ fileNameOriginal: "", title: "   ", name: "notes.txt" })).toBe(
      "notes.txt",
    );
    expect(downloadFileName({ fileNameOriginal: null, title: null, name: null })).toBe("download");
    expect(downloadFileName({ title: "  Minutes.docx  " })).toBe("Minutes.docx");
  });

  it("keeps a name that has a dot, whatever the mime type", () => {
    expect(downloadFileName({ name: "archive.tar", mimeType: "application/zip" })).toBe(
      "archive.tar",
    );
    expect(downloadFileName({ name: "v1.2 final", mimeType: "application/pdf" })).toBe(
      "v1.2 final",
    );
    expect(downloadFileName({ name: ".env", mimeType: "text/plain" })).toBe(".env");
    expect(downloadFileName({ name: "report.", mimeType: "application/pdf" })).toBe("report.");
  });

  it("appends the extension of the mime type to a name without a dot", () => {
    expect(downloadFileName({ title: "Contract", mimeType: "application/pdf" })).toBe(
      "Contract.pdf",
    );
    expect(downloadFileName({ mimeType: "image/png" })).toBe("download.png");
  });

  it("appends nothing for an unknown or missing mime type", () => {
    expect(downloadFileName({ name: "blob", mimeType: "application/octet-stream" })).toBe("blob");
    expect(downloadFileName({ name: "video", mimeType: "video/mp4" })).toBe("video");
    expect(downloadFileName({ name: "notes", mimeType: "" })).toBe("notes");
    expect(downloadFileName({ name: "notes", mimeType: null })).toBe("notes");
    expect(downloadFileName({ name: "notes" })).toBe("notes");
    expect(downloadFileName({ name: "notes", mimeType: "toString" })).toBe("notes");
  });
});

describe("extensionForMimeType", () => {
  it.each([
    ["application/pdf", "pdf"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
    ["application/msword", "doc"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
    ["application/vnd.ms-excel", "xls"],
    ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
    ["application/vnd.ms-powerpoint", "ppt"],
    ["text/plain", "txt"],
    ["text/html", "html"],
    ["text/csv", "csv"],
    ["image/jpeg", "jpg"],
    ["image/png", "png"],
    ["image/gif", "gif"],
    ["image/svg+xml", "svg"],
    ["application/json", "json"],
    ["application/xml", "xml"],
    ["text/xml", "xml"],
    ["application/zip", "zip"],
    ["application/x-zip-compressed", "zip"],
    ["application/vnd.rar", "rar"],
    ["application/x-rar-compressed", "rar"],
    ["application/x-7z-compressed", "7z"],
  ])("maps %s to .%s", (mimeType, extension) => {
    expect(extensionForMimeType(mimeType)).toBe(extension);
  });

  it("ignores parameters, case and spaces", () => {
    expect(extensionForMimeType("text/csv; charset=utf-8")).toBe("csv");
    expect(extensionForMimeType("  Application/PDF ")).toBe("pdf");
    expect(extensionForMimeType("TEXT/HTML;charset=UTF-8")).toBe("html");
  });

  it("knows nothing of other types", () => {
    expect(extensionForMimeType("application/octet-stream")).toBeUndefined();
    expect(extensionForMimeType("image/webp")).toBeUndefined();
    expect(extensionForMimeType("pdf")).toBeUndefined();
    expect(extensionForMimeType("constructor")).toBeUndefined();
    expect(extensionForMimeType(undefined)).toBeUndefined();
  });
});
