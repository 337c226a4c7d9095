import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Breadcrumb, Button, buttonClass, Field, KeyFacts, PriceBlock, StepIndicator } from "./components";

describe("design system components", () => {
  it("builds a button's classes from its variant and size", () => {
    expect(buttonClass({})).toBe("button");
    expect(buttonClass({ variant: "primary", size: "lg", block: true }, "x")).toBe("button button--primary button--lg button--block x");
    expect(renderToStaticMarkup(<Button variant="destructive" icon aria-label="Remove">×</Button>)).toBe(
      '<button type="button" class="button button--destructive button--icon" aria-label="Remove">×</button>',
    );
  });

  it("shows a price block's struck price to screen readers as the earlier price", () => {
    const html = renderToStaticMarkup(<PriceBlock amount="$35,990" type="Drive away" before="$37,990" weekly="$123/wk" rate="at 7.81% p.a." />);
    expect(html).toContain('<s class="price-block__before"><span class="visually-hidden">Was </span>$37,990</s>');
    expect(html).toContain('<span class="price-block__weekly">$123/wk<span class="price-block__rate"> at 7.81% p.a.</span></span>');
  });

  it("writes a price that is words in the text size and the weekly figure's rates in the figure's line", () => {
    const html = renderToStaticMarkup(<PriceBlock amount="PREORDER" text size="sm" className="x" />);
    expect(html).toBe('<p class="price-block price-block--sm price-block--text x"><span class="price-block__amount">PREORDER</span></p>');
  });

  it("marks the current step with aria-current=step and the steps before it as done", () => {
    const html = renderToStaticMarkup(<StepIndicator steps={["Your vehicle", "Its condition", "Your details"]} current={1} label="Trade-in: progress" />);
    expect(html).toContain('<ol class="steps" aria-label="Trade-in: progress">');
    expect(html).toContain('<li class="steps__item steps__item--done"><span class="steps__marker" aria-hidden="true">✓</span><span class="steps__label">Your vehicle<span class="visually-hidden"> (done)</span></span></li>');
    expect(html).toContain('<li class="steps__item steps__item--current" aria-current="step"><span class="steps__marker" aria-hidden="true">2</span>');
    expect(html).toContain('<li class="steps__item steps__item--todo"><span class="steps__marker" aria-hidden="true">3</span>');
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it("lists key facts as terms and values", () => {
    const html = renderToStaticMarkup(<KeyFacts facts={[{ label: "Kilometres", value: "42,000 km" }]} />);
    expect(html).toBe('<dl class="key-facts" aria-label="Key facts"><div class="key-facts__item"><dt class="key-facts__label">Kilometres</dt><dd class="key-facts__value">42,000 km</dd></div></dl>');
  });

  it("frames a field's control with its prefix and marks it invalid with its error", () => {
    const html = renderToStaticMarkup(
      <Field id="deposit" label="Deposit" prefix="$" error="Enter an amount">
        <input id="deposit" />
      </Field>,
    );
    expect(html).toContain('class="field field--invalid"');
    expect(html).toContain('<span class="field__control"><span class="field__affix">$</span><input id="deposit"/></span>');
    expect(html).toContain('<span class="field__error" id="deposit-error" role="alert">Enter an amount</span>');
  });

  it("marks a breadcrumb's last item as the current page, not a link", () => {
    const html = renderToStaticMarkup(<Breadcrumb items={[{ label: "Home", href: "/" }, { label: "Cars", href: "/search" }, { label: "Yaris" }]} />);
    expect(html).toContain('<li><a href="/search">Cars</a></li><li><span aria-current="page">Yaris</span></li>');
  });
});
