import { type AttributeEvent, definePlugin, HtmlValidate, Rule } from "html-validate";

/**
 * Characters a URL may not hold unencoded (WHATWG URL: outside the URL code points), as the Nu Html Checker
 * reports them: `/search?range[price]=:54000` is an error, `range%5Bprice%5D` is right. html-validate has no such rule.
 */
const NOT_URL_CODE_POINTS = /[\s[\]{}|\\^`<>"]/;
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "poster", "cite", "data"]);

class UrlCodePoints extends Rule {
  override documentation() {
    return { description: "A URL in an attribute must percent-encode characters outside the URL code points, such as [ ] { } | and spaces." };
  }
  setup() {
    this.on("attr", (event: AttributeEvent) => {
      const value = typeof event.value === "string" ? event.value : null;
      if (!value || !URL_ATTRIBUTES.has(event.key.toLowerCase())) return;
      const found = NOT_URL_CODE_POINTS.exec(value.trim());
      if (found) this.report(event.target, `"${event.key}" holds "${found[0]}" unencoded: ${value}`, event.valueLocation ?? event.location);
    });
  }
}

const dealerRules = definePlugin({ name: "dealer", rules: { "dealer/url-code-points": UrlCodePoints } });

/**
 * html-validate's standard preset (conformance to the HTML standard), plus two checks the Nu Html Checker makes:
 * a page's headings start at one <h1> and go down a level at a time, and URLs are encoded. No rule is turned off.
 */
export const htmlValidator = new HtmlValidate({
  extends: ["html-validate:standard"],
  plugins: [dealerRules],
  rules: { "heading-level": "error", "dealer/url-code-points": "error" },
});

/** The conformance errors in one page's HTML, one line each ("rule line:column message (selector)"). */
export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html, name);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId} ${message.line}:${message.column} ${message.message}${message.selector ? ` (${message.selector})` : ""}`),
  );
}

/** The document's <title> text. */
export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? null;
