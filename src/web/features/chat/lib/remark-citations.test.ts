import { describe, expect, it } from "vitest";
import { citedNumbers, remarkCitations, splitCitations } from "./remark-citations.ts";

const labels = (text: string) =>
  splitCitations(text).map((node) =>
    node.type === "citation" ? `<${node.children?.[0]?.value}>` : node.value,
  );

describe("citations in model text", () => {
  it("finds single, listed and adjacent markers", () => {
    expect(labels("Leave is 30 days [1].")).toEqual(["Leave is 30 days ", "<1>", "."]);
    expect(labels("Both [1, 3] agree")).toEqual(["Both ", "<1,3>", " agree"]);
    expect(labels("See [2][4]")).toEqual(["See ", "<2,4>"]);
    expect(labels("[1] first")).toEqual(["<1>", " first"]);
  });

  it("ignores brackets that are not citations", () => {
    expect(labels("an [a] b [1a] [] [1234]")).toEqual(["an [a] b [1a] [] [1234]"]);
  });

  it("skips text inside links", () => {
    const tree = {
      type: "root",
      children: [
        {
          type: "paragraph",
          children: [
            { type: "text", value: "a [1] " },
            { type: "link", children: [{ type: "text", value: "[2]" }] },
          ],
        },
      ],
    };
    remarkCitations()(tree);
    const paragraph = tree.children[0];
    expect(paragraph?.children.map((c) => c.type)).toEqual(["text", "citation", "text", "link"]);
    expect(paragraph?.children[3]?.children?.[0]).toEqual({ type: "text", value: "[2]" });
  });

  it("reads cited numbers back from the attribute", () => {
    expect(citedNumbers("1,3")).toEqual([1, 3]);
    expect(citedNumbers(undefined)).toEqual([]);
  });
});
