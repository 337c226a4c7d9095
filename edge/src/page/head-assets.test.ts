import { describe, expect, it } from "vitest";
import { ownSyncChunks } from "./head-assets";

describe("ownSyncChunks", () => {
  it("keeps an expose's own chunk and shared chunks, not another expose's entry chunk", () => {
    const sync = ["__federation_expose_EmailUsDialog.c2e29738.js", "__federation_expose_EnquiryForm.efef6835.js", "214.34e96878.js"];
    expect(ownSyncChunks("EnquiryForm", sync)).toEqual(["__federation_expose_EnquiryForm.efef6835.js", "214.34e96878.js"]);
    expect(ownSyncChunks("EmailUsDialog", sync)).toEqual(["__federation_expose_EmailUsDialog.c2e29738.js", "214.34e96878.js"]);
  });
});
