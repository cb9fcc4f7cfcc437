import { describe, expect, it } from "vitest";
import { nestingDepth } from "./html-depth.ts";

describe("nestingDepth", () => {
  it("counts elements inside elements", () => {
    expect(nestingDepth("<div><section><p>x</p></section></div><div></div>")).toBe(2);
    expect(nestingDepth(`${"<span>".repeat(40)}x${"</span>".repeat(40)}`)).toBe(40);
  });

  it("does not count void, self-closing or self-closed elements", () => {
    expect(nestingDepth("<p>one<p>two<br><img src=x><li>a<li>b<td>c<hr>")).toBe(0);
    expect(nestingDepth('<svg><rect width="1"/><g><path d="M0"/></g></svg>')).toBe(2);
  });

  it("scans a million open tags in one pass", () => {
    expect(nestingDepth("<div>".repeat(1_000_000))).toBe(1_000_000);
  });
});
