/**
 * The car page's upload enhancement (ADR 0085): its two scripts' names in the console's build folder, and the marks
 * the server-rendered page carries for them. The page works without either script; with them it uploads each file
 * on its own (progress and the API's reason beside each) and reorders without a page load.
 */
export const PHOTO_UPLOAD_SCRIPTS = { loader: "photo-upload-loader", enhancement: "photo-upload" } as const;

export const PHOTO_UPLOAD_MARKS = {
  /** On the upload form: the stock API's photo address for this car. */
  api: "data-photo-api",
  /** The upload form's live region (progress and each file's outcome). */
  uploadStatus: "data-upload-status",
  /** The photos' section, replaced whole after a change; and its live region, outside it so it stays. */
  photos: "car-photos",
  photosStatus: "data-photos-status",
  /** Set on the upload form once the enhancement runs (a test waits for it). */
  enhanced: "data-enhanced",
} as const;
