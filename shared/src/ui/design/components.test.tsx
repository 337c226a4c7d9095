import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Breadcrumb, Button, buttonClass, Field, PriceBlock } from "./components";

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
