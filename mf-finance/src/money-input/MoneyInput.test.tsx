import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MoneyInput from "./MoneyInput";

const noop = () => {};

describe("MoneyInput", () => {
  it("shows a dollar prefix, thousand separators and labelled quick picks", () => {
    const html = renderToString(<MoneyInput id="p" name="price" label="Purchase price" value={27990} onChange={noop} quickPicks={[5000, 70000]} />);
    expect(html).toContain('<label class="money-input__label" for="p">Purchase price</label>');
    expect(html).toContain('value="27,990"');
    expect(html).toContain('inputMode="numeric"');
    expect(html).toMatch(/aria-hidden="true">\$<\/span>/);
    expect(html).toContain("Quick picks for Purchase price");
    expect(html).toMatch(/aria-pressed="false">\$5,000<\/button>/);
  });

  it("a kms suffix for odometers; errors and help are tied to the field", () => {
    const html = renderToString(<MoneyInput id="k" name="km" label="Odometer" unit="kms" value={120000} onChange={noop} error="Too far" help="As on the dash" />);
    expect(html).toContain(">kms</span>");
    expect(html).not.toContain(">$</span>");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="k-error k-help"');
    expect(html).toContain('role="alert">Too far</p>');
  });
});
