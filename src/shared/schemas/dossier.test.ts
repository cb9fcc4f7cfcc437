import { describe, expect, it } from "vitest";
import { threadTitleSchema } from "./chat.ts";
import { documentNameSchema, folderNameSchema, idSchema } from "./dossier.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "./text.ts";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("the name dialogs' schemas", () => {
  it("keep their messages and limits", () => {
    expect(firstMessage(folderNameSchema.safeParse("  "))).toBe("Folder name is required");
    expect(firstMessage(folderNameSchema.safeParse("a/b"))).toBe(
      "Folder name cannot contain / or \\",
    );
    expect(firstMessage(folderNameSchema.safeParse("x".repeat(121)))).toBe(
      "Folder name must be at most 120 characters",
    );
    expect(firstMessage(documentNameSchema.safeParse(""))).toBe("Document name is required");
    expect(firstMessage(documentNameSchema.safeParse("x".repeat(256)))).toBe(
      "Document name must be at most 255 characters",
    );
    expect(firstMessage(threadTitleSchema.safeParse(" "))).toBe("Title is required");
    expect(firstMessage(threadTitleSchema.safeParse("x".repeat(201)))).toBe(
      "Title must be at most 200 characters",
    );
    expect(firstMessage(idSchema.safeParse(""))).toBe("An id is required");
  });

  it("trim, and refuse control characters with one message", () => {
    expect(folderNameSchema.parse(" Contracts\n")).toBe("Contracts");
    for (const schema of [folderNameSchema, documentNameSchema, threadTitleSchema, idSchema]) {
      expect(firstMessage(schema.safeParse("Con\u0000tracts"))).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(firstMessage(schema.safeParse("Con\u007ftracts"))).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });
});
