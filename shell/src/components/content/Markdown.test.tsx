import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";

const html = (source: string) => renderToString(<Markdown source={source} />);

describe("Markdown", () => {
  it("renders headings from h2, paragraphs, lists, emphasis and links", () => {
    const out = html("# Title\n\nSome **bold** and *soft* text with [a link](/search).\n\n- one\n- two\n\n1. first\n2. second");
    expect(out).toContain("<h2>Title</h2>");
    expect(out).toContain("<p>Some <strong>bold</strong> and <em>soft</em> text with <a href=\"/search\">a link</a>.</p>");
    expect(out).toContain("<ul><li>one</li><li>two</li></ul>");
    expect(out).toContain("<ol><li>first</li><li>second</li></ol>");
  });

  it("never lets HTML or script URLs through", () => {
    const out = html('<script>alert(1)</script>\n\n[click](javascript:alert(1)) [x](//evil.example) <img src=x onerror="y">');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
    expect(out).not.toContain("href=\"javascript");
    expect(out).not.toContain("href=\"//evil");
  });
});
