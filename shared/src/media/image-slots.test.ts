import { describe, expect, it } from "vitest";
import { carPageLeadImage, FIXED_IMAGE_WIDTHS, fixedImageUrl, IMAGE_SLOTS, IMAGE_WIDTH_LADDER, type ImageSlot, primaryPhoto, slotImage, slotWidths } from "./image-slots";

const PHOTO = `/cdn/image/width=640,quality=75/photos/${"b".repeat(64)}`;
const DRAWING = "/cdn/image/width=640,quality=75/vehicles/suv/blue/three-quarter.svg";
const candidates = (srcSet: string) => srcSet.split(", ").map((candidate) => candidate.split(" "));

describe("image slots", () => {
  it("keeps every slot's box at 3:2 and its candidates on the ladder, from its smallest drawing to its widest at 2x", () => {
    for (const [slot, rule] of Object.entries(IMAGE_SLOTS) as [ImageSlot, (typeof IMAGE_SLOTS)[ImageSlot]][]) {
      expect(Math.abs(rule.width / rule.height - 1.5), slot).toBeLessThan(0.01);
      const widths = slotWidths(slot);
      expect(widths.every((width) => (IMAGE_WIDTH_LADDER as readonly number[]).includes(width)), slot).toBe(true);
      expect(widths[0], slot).toBe(rule.min);
      expect(widths.at(-1), slot).toBe(rule.max);
      expect(rule.max, slot).toBeGreaterThanOrEqual(rule.width * 2 * 0.8);
    }
  });

  it("offers a dealer's photo no wider than it is: the rungs below its width, then its own width", () => {
    expect(slotWidths("gallery", 1000)).toEqual([320, 480, 640, 800, 960, 1000]);
    expect(slotWidths("gallery", 960)).toEqual([320, 480, 640, 800, 960]);
    // Narrower than the slot's smallest rung: one candidate, the photo itself.
    expect(slotWidths("card", 180)).toEqual([180]);
    expect(slotWidths("card", 5000)).toEqual(slotWidths("card"));
  });

  it("writes srcset, sizes and the box from the rule, src the candidate nearest the box", () => {
    const card = slotImage("card", DRAWING);
    const cardQuality = IMAGE_SLOTS.card.quality;
    expect(card).toEqual({
      src: `/cdn/image/width=320,quality=${cardQuality}/vehicles/suv/blue/three-quarter.svg`,
      srcSet: slotWidths("card")
        .map((width) => `/cdn/image/width=${width},quality=${cardQuality}/vehicles/suv/blue/three-quarter.svg ${width}w`)
        .join(", "),
      sizes: IMAGE_SLOTS.card.sizes,
      width: 320,
      height: 213,
    });
    const thumb = slotImage("thumbnail", PHOTO, { width: 1600, colour: "#334455" });
    expect(candidates(thumb.srcSet)).toEqual([
      [`/cdn/image/width=120,quality=60/photos/${"b".repeat(64)}`, "120w"],
      [`/cdn/image/width=160,quality=60/photos/${"b".repeat(64)}`, "160w"],
      [`/cdn/image/width=240,quality=60/photos/${"b".repeat(64)}`, "240w"],
    ]);
    expect(thumb.style).toEqual({ backgroundColor: "#334455" });
    // A small photo's src is its own width, the only candidate.
    expect(slotImage("print", PHOTO, { width: 500 }).src).toBe(`/cdn/image/width=500,quality=75/photos/${"b".repeat(64)}`);
  });

  it("paints only a real #rrggbb colour behind a photo", () => {
    expect(slotImage("card", PHOTO, { colour: "red;background:url(x)" }).style).toBeUndefined();
    expect(slotImage("card", PHOTO, null).style).toBeUndefined();
  });

  it("finds the primary photo's note among the car's photos", () => {
    const images = [
      { image: { url: DRAWING } },
      { image: { url: PHOTO }, photo: { width: 1200, colour: "#112233" } },
    ];
    expect(primaryPhoto({ primary_image_url: PHOTO, images })).toEqual({ url: PHOTO, photo: { width: 1200, colour: "#112233" } });
    expect(primaryPhoto({ primary_image_url: null, images })).toEqual({ url: DRAWING, photo: null });
    expect(primaryPhoto({ images: [] })).toBeNull();
  });

  it("uses fixed widths for lead mail, ADF and link previews", () => {
    expect(fixedImageUrl(PHOTO, "lead")).toBe(`/cdn/image/width=${FIXED_IMAGE_WIDTHS.lead},quality=75/photos/${"b".repeat(64)}`);
    expect(fixedImageUrl(DRAWING, "share")).toContain("width=1200,");
  });
});

describe("carPageLeadImage", () => {
  const base = { images: [{ image: { url: PHOTO }, photo: { width: 2000, colour: "#101010" } }], spin_images: [] as string[], video_url: null, external_video_url: null, spin_interior_image: null };
  const gallery = { defaultViewerMode: "gallery", stockVideoPosition: "second" } as const;

  it("is the gallery's first photo, exactly as its slide is drawn", () => {
    expect(carPageLeadImage(base, gallery)).toEqual(slotImage("gallery", PHOTO, { width: 2000, colour: "#101010" }));
  });

  it("is the spin's first frame when the viewer starts on the spin, the interior when it starts there", () => {
    const frame = "/cdn/image/width=600,quality=75/vehicles/suv/blue/spin/0.svg";
    expect(carPageLeadImage({ ...base, spin_images: [frame] }, { ...gallery, defaultViewerMode: "spinner" })).toEqual(slotImage("gallery", frame));
    // No spin: the spinner default falls back to the gallery.
    expect(carPageLeadImage(base, { ...gallery, defaultViewerMode: "spinner" })?.src).toContain("photos/");
    expect(carPageLeadImage({ ...base, spin_interior_image: "vehicles/suv/blue/interior.svg" }, { ...gallery, defaultViewerMode: "interior" })?.src).toContain("interior.svg");
  });

  it("is none when a video comes first or the car has no photo", () => {
    const video = { ...base, video_url: "https://videos.example/a.webm" };
    expect(carPageLeadImage(video, { ...gallery, stockVideoPosition: "start" })).toBeNull();
    // One photo and the video in the middle: the video is slide 1 of 2.
    expect(carPageLeadImage(video, { ...gallery, stockVideoPosition: "middle" })).toBeNull();
    expect(carPageLeadImage(video, gallery)).not.toBeNull();
    expect(carPageLeadImage(video, { ...gallery, defaultViewerMode: "walkaround" })).toBeNull();
    expect(carPageLeadImage({ ...base, images: [] }, gallery)).toBeNull();
  });
});
