import { describe, expect, it } from "vitest";
import { makeCar } from "./test-fixtures";
import { initialViewerMode, showGalleryThumbnails, videoKind, viewerModes } from "./vehicle-media";

describe("vehicle media", () => {
  it("embed only with the embed prefix", () => {
    expect(videoKind("https://www.youtube.com/embed/abc")).toBe("embed");
    expect(videoKind("https://cdn.example.com/walk.mp4")).toBe("native");
  });
  it("thumbnails with more than 3 images", () => {
    expect(showGalleryThumbnails(3)).toBe(false);
    expect(showGalleryThumbnails(4)).toBe(true);
  });
  it("viewer starts in the configured mode when the car has it", () => {
    const spin = makeCar({ spin_images: ["1.jpg"], video_url: "v.mp4" });
    expect(viewerModes(spin)).toEqual(["spinner", "walkaround", "gallery"]);
    expect(initialViewerMode(spin, { defaultViewerMode: "spinner" })).toBe("spinner");
    expect(initialViewerMode(makeCar(), { defaultViewerMode: "spinner" })).toBe("gallery");
  });
});
