import { describe, expect, it } from "vitest";
import { uploadResponseSchema } from "#shared/schemas/upload.ts";
import { uploadErrorMessage } from "./upload-request.ts";

describe("upload answers", () => {
  it("shows the server's own message for a refused upload", () => {
    const body = JSON.stringify({
      status: "error",
      errorMessage: "“big.pdf” is larger than 100 MB.",
    });
    expect(uploadErrorMessage(413, body)).toBe("“big.pdf” is larger than 100 MB.");
  });

  it("falls back to words about the status when the body says nothing", () => {
    expect(uploadErrorMessage(413, "<html>Request Entity Too Large</html>")).toBe(
      "The file is larger than the upload limit.",
    );
    expect(uploadErrorMessage(502, "")).toBe("The upload failed (HTTP 502). Please try again.");
    expect(uploadErrorMessage(500, JSON.stringify({ errorMessage: "" }))).toBe(
      "The upload failed (HTTP 500). Please try again.",
    );
  });

  it("reads the created documents and the per-file errors", () => {
    const parsed = uploadResponseSchema.parse({
      documents: [{ _id: "d1", name: "a.pdf" }],
      errors: [{ fileName: "b.exe", message: "Not supported" }],
    });
    expect(parsed.documents[0]?._id).toBe("d1");
    expect(parsed.errors[0]?.message).toBe("Not supported");
    expect(uploadResponseSchema.safeParse({ documents: "nope" }).success).toBe(false);
  });
});
