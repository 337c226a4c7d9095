import { describe, expect, it } from "vitest";
import { carsalesTitle, privateSellerLocation } from "./private-listing";

const car = { name: "2019 Mazda CX-5 Maxx", private_suburb: null, private_postcode: null, carsales_title: "2019 Mazda CX-5 Maxx" };

describe("private seller location", () => {
  it("shows the suburb and postcode of a private seller's car", () => {
    expect(privateSellerLocation({ ...car, private_suburb: "Box Hill", private_postcode: "3128" })).toBe("Box Hill 3128");
    expect(privateSellerLocation({ ...car, private_suburb: " Box  Hill ", private_postcode: "" })).toBe("Box Hill");
  });
  it("applies only when there is a suburb", () => {
    expect(privateSellerLocation(car)).toBeNull();
    expect(privateSellerLocation({ ...car, private_suburb: " ", private_postcode: "3128" })).toBeNull();
  });
});

describe("carsales title", () => {
  it("applies when it differs from the car's name", () => {
    expect(carsalesTitle({ ...car, carsales_title: "2019 Mazda CX-5 Maxx - Private Sale, One Owner" })).toBe("2019 Mazda CX-5 Maxx - Private Sale, One Owner");
  });
  it("is hidden when empty or the name again", () => {
    expect(carsalesTitle(car)).toBeNull();
    expect(carsalesTitle({ ...car, carsales_title: " 2019 mazda  CX-5 Maxx" })).toBeNull();
    expect(carsalesTitle({ ...car, carsales_title: null })).toBeNull();
  });
});
