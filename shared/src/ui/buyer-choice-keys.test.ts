import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../rules/test-fixtures";
import { CUSTOMER_KEY, isStoredOnDevice } from "./buyer-choice-keys";

describe("isStoredOnDevice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("tells whether the device holds a value under the key, empty or not", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(isStoredOnDevice(CUSTOMER_KEY)).toBe(false);
    storage.setItem(CUSTOMER_KEY, "");
    expect(isStoredOnDevice(CUSTOMER_KEY)).toBe(true);
  });

  it("answers no, without throwing, on a browser that refuses storage", () => {
    vi.stubGlobal("localStorage", {
      getItem() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    expect(isStoredOnDevice(CUSTOMER_KEY)).toBe(false);
  });
});
