import { describe, expect, it } from "vitest";
import { moduleSlugSchema } from "./module.ts";

describe("moduleSlugSchema", () => {
  it("accepts a slug of lower-case letters, digits and dashes", () => {
    expect(moduleSlugSchema.parse("contract-review-2")).toBe("contract-review-2");
  });

  it("refuses the addresses of /modules/drafts and /modules/table", () => {
    for (const slug of ["drafts", "table"]) {
      const result = moduleSlugSchema.safeParse(slug);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("This slug is reserved for a page of its own");
    }
  });
});
