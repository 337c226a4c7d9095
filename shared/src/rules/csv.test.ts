import { describe, expect, it } from "vitest";
import { csvCell, csvFile } from "./csv";

describe("CSV", () => {
  it("quotes what needs it and stops formulas", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell(-12.8)).toBe("-12.8");
    expect(csvCell(null)).toBe("");
  });
  it("writes a header and rows, CRLF", () => {
    expect(csvFile(["a", "b"], [[1, "x"]])).toBe("a,b\r\n1,x\r\n");
  });
});
