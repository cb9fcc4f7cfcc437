import { describe, expect, it } from "vitest";
import { sanitizeDocumentHtml, sanitizeSvg } from "./sanitize.ts";

const LINK = 'rel="noopener noreferrer nofollow" target="_blank"';

describe("sanitizeDocumentHtml", () => {
  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="x()" style="color:red" id="main" class="x">ok</p>', "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', `<a ${LINK}>x</a>`],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', `<a ${LINK}>x</a>`],
    [
      '<a href="https://example.com" target="_self">x</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<a href="mailto:a@example.com">mail</a>', `<a href="mailto:a@example.com" ${LINK}>mail</a>`],
    ['<a href="//evil.example/x">x</a>', `<a ${LINK}>x</a>`],
    ['<img src="https://evil.example/pixel.gif">', ""],
    ['<img src="/api/account/delete" alt="x">', ""],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    [
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="chart" onerror="x">',
      '<img alt="chart" src="data:image/png;base64,iVBORw0KGgo=" />',
    ],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">', ""],
    ['<form action="https://evil.example"><input name="p"><button>Go</button></form>', "Go"],
    ["<style>body{background:url(https://evil.example)}</style><p>ok</p>", "<p>ok</p>"],
    ["<svg><script>alert(1)</script><text>t</text></svg><math><mi>x</mi></math>", ""],
    [
      '<table><tr><td colspan="2" onclick="x">a</td></tr></table>',
      '<table><tr><td colspan="2">a</td></tr></table>',
    ],
    [
      '<pre><code class="language-ts evil">x &gt; 1</code></pre>',
      '<pre><code class="language-ts">x &gt; 1</code></pre>',
    ],
    ['<section data-page="3" data-evil="x">p</section>', '<section data-page="3">p</section>'],
    ["<p>a &lt;b&gt; &amp; c</p>", "<p>a &lt;b&gt; &amp; c</p>"],
  ])("%s", (dirty, clean) => {
    expect(sanitizeDocumentHtml(dirty)).toBe(clean);
  });

  it("is idempotent", () => {
    const once = sanitizeDocumentHtml(
      '<h1 onclick="x">T</h1><a href="https://e.com">l</a><img src="x">',
    );
    expect(sanitizeDocumentHtml(once)).toBe(once);
  });
});

describe("sanitizeSvg", () => {
  const svg = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">${body}</svg>`;

  it("removes script, handlers, foreign content and links", () => {
    const clean = sanitizeSvg(
      svg(
        '<script>alert(1)</script><rect onclick="x" width="5" height="5"/><foreignObject><p>x</p></foreignObject><a href="javascript:x"><text>t</text></a>',
      ),
    );
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><rect width="5" height="5"></rect></svg>',
    );
  });

  it("keeps references inside the file and inline raster images, drops every other", () => {
    const clean = sanitizeSvg(
      svg(
        '<linearGradient id="g"/><rect fill="url(#g)" width="1" height="1"/><rect fill="url(https://evil.example/p)" width="1" height="1"/>' +
          '<use href="#g"/><image href="file:///etc/passwd"/><image xlink:href="https://evil.example/b.png"/><image href="data:image/png;base64,AAAA"/>',
      ),
    );
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('fill="none"');
    expect(clean).toContain('<use href="#g">');
    expect(clean).toContain('<image href="data:image/png;base64,AAAA">');
    expect(clean).not.toMatch(/passwd|evil\.example|file:/);
  });

  it("keeps CSS but not its outside URLs, and cannot be broken out of", () => {
    const clean = sanitizeSvg(
      svg(
        "<style>@import url(https://evil.example/x.css); .a { fill: url(#g); } .b > .c { background: url('file:///etc/passwd') }</style>" +
          "<style><![CDATA[ .d{} </style><script>alert(1)</script> ]]></style>",
      ),
    );
    expect(clean).toContain(
      "<style> .a { fill: url(#g); } .b &gt; .c { background: none }</style>",
    );
    expect(clean).not.toMatch(/<script|@import|evil\.example|passwd/);
    expect(clean).toContain("&lt;script&gt;");
  });

  it("drops a DOCTYPE and its entities, leaving only the root element", () => {
    const clean = sanitizeSvg(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>${svg("<text>&lol2;</text>")}`,
    );
    expect(clean.startsWith("<svg ")).toBe(true);
    expect(clean.endsWith("</svg>")).toBe(true);
    expect(clean).toContain("<text>&amp;lol2;</text>");
  });

  it("is empty when there is no svg element", () => {
    expect(sanitizeSvg("<html><body>no</body></html>")).toBe("");
  });
});
