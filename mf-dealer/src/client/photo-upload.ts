import { buttonClass } from "@dealer/shared/ui";
import { PHOTO_UPLOAD_MARKS } from "../photo-upload-scripts";

/**
 * The car page's upload form and photo order, enhanced (ADR 0085). Files chosen or dropped are listed, then sent to
 * the stock API one request each, in order, so each shows its own progress and, when refused, the API's own reason
 * beside it; the others still go in. Each photo's alt text, delete, Move up, Move down and Make main photo go to the
 * stock API and redraw the photos from the car's page, without loading the page. Every outcome is also said in a live region. The server-rendered
 * forms stay the fallback: nothing here is needed for them to work.
 */
const form = document.querySelector<HTMLFormElement>(`form[${PHOTO_UPLOAD_MARKS.api}]`);
const input = form?.querySelector<HTMLInputElement>('input[type="file"]');
const uploadStatus = form?.querySelector<HTMLElement>(`[${PHOTO_UPLOAD_MARKS.uploadStatus}]`);
const photosStatus = document.querySelector<HTMLElement>(`[${PHOTO_UPLOAD_MARKS.photosStatus}]`);

type Item = { file: File; row: HTMLLIElement; progress: HTMLProgressElement; state: HTMLElement; remove: HTMLButtonElement; done: boolean };

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The API's words for a refusal: a file's reason, else each field's problems, else its message. */
function reasonOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; errors?: Record<string, string[]>; rejected?: { reason?: string }[] };
    const reason = body.rejected?.[0]?.reason ?? Object.values(body.errors ?? {}).flat().join(" ");
    return reason || body.message || `The upload was refused (HTTP ${status}).`;
  } catch {
    return text.trim().slice(0, 300) || `The upload was refused (HTTP ${status}).`;
  }
}

/** The photos' section as the server renders it now, replacing the one on the page. */
async function redrawPhotos(): Promise<void> {
  const answer = await fetch(location.pathname, { headers: { accept: "text/html" }, credentials: "same-origin" });
  if (!answer.ok) throw new Error(`The page answered ${answer.status}.`);
  const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById(PHOTO_UPLOAD_MARKS.photos);
  const current = document.getElementById(PHOTO_UPLOAD_MARKS.photos);
  if (fresh && current) current.replaceWith(document.importNode(fresh, true));
}

const say = (region: HTMLElement | null | undefined, words: string) => {
  if (region) region.textContent = words;
};

/** A field's problem beside it, as the server renders one (or none): its words, `aria-invalid` and `aria-describedby`. */
function showFieldError(input: HTMLInputElement, words: string | null): void {
  const field = input.closest(".field");
  field?.querySelector(".field__error")?.remove();
  field?.classList.toggle("field--invalid", words !== null);
  if (words === null) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  const error = document.createElement("span");
  error.className = "field__error";
  error.id = `${input.id}-error`;
  error.textContent = words;
  input.after(error);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", error.id);
}

if (form && input && uploadStatus) {
  const api = form.getAttribute(PHOTO_UPLOAD_MARKS.api) ?? "";
  const alt = form.querySelector<HTMLInputElement>('input[name="alt"]');
  const primary = form.querySelector<HTMLInputElement>('input[name="primary"]');
  const field = input.closest(".field");
  const items: Item[] = [];

  const zone = document.createElement("p");
  zone.className = "console-dropzone";
  zone.textContent = "Or drop photos here.";
  const list = document.createElement("ul");
  list.className = "console-uploads";
  list.setAttribute("aria-label", "Photos to upload");
  field?.after(zone, list);

  const fieldError = (words: string | null) => showFieldError(input, words);

  const add = (files: Iterable<File>) => {
    // Rows of an earlier upload's photos (now on the car) make way for the new choice; refused ones stay until removed.
    for (const done of items.filter((item) => item.done)) done.row.remove();
    items.splice(0, items.length, ...items.filter((item) => !item.done));
    for (const file of files) {
      const row = document.createElement("li");
      row.className = "console-upload";
      const name = document.createElement("span");
      name.className = "console-upload__name";
      name.textContent = `${file.name} (${kb(file.size)})`;
      const progress = document.createElement("progress");
      progress.max = 100;
      progress.value = 0;
      progress.setAttribute("aria-label", `Upload of ${file.name}`);
      const state = document.createElement("span");
      state.className = "console-upload__state";
      state.textContent = "Ready to upload.";
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = buttonClass({ variant: "tertiary", size: "sm" });
      remove.textContent = "Remove";
      const hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = ` ${file.name}`;
      remove.append(hidden);
      const item: Item = { file, row, progress, state, remove, done: false };
      remove.addEventListener("click", () => {
        items.splice(items.indexOf(item), 1);
        row.remove();
        say(uploadStatus, `${file.name} removed from the upload.`);
        input.focus();
      });
      row.append(name, progress, state, remove);
      list.append(row);
      items.push(item);
    }
    fieldError(null);
    const waiting = items.filter((item) => !item.done).length;
    say(uploadStatus, `${waiting} photo${waiting === 1 ? "" : "s"} ready to upload.`);
  };

  input.addEventListener("change", () => {
    add([...(input.files ?? [])]);
    // The list holds the files now; the input is cleared so the same file can be chosen again.
    input.value = "";
  });
  const dragging = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  form.addEventListener("dragover", (event) => {
    if (!dragging(event)) return;
    event.preventDefault();
    zone.classList.add("console-dropzone--over");
  });
  form.addEventListener("dragleave", () => zone.classList.remove("console-dropzone--over"));
  form.addEventListener("drop", (event) => {
    if (!dragging(event)) return;
    event.preventDefault();
    zone.classList.remove("console-dropzone--over");
    add([...(event.dataTransfer?.files ?? [])]);
  });

  /** One file in its own request, its progress shown as it goes; resolves with the status and the answer's text. */
  const send = (item: Item, fields: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const body = new FormData();
      body.append("photo", item.file, item.file.name);
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new XMLHttpRequest();
      request.open("POST", api);
      request.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) item.progress.value = Math.round((100 * event.loaded) / event.total);
      });
      request.addEventListener("load", () => resolve({ status: request.status, text: request.responseText }));
      request.addEventListener("error", () => resolve({ status: 0, text: "The connection failed: check the signal and upload it again." }));
      request.send(body);
    });

  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const waiting = items.filter((item) => !item.done);
    if (!waiting.length) {
      fieldError("Choose one or more photos to upload.");
      say(uploadStatus, "Choose one or more photos to upload.");
      input.focus();
      return;
    }
    busy = true;
    form.setAttribute("aria-busy", "true");
    let uploaded = 0;
    const refused: string[] = [];
    for (const [index, item] of waiting.entries()) {
      item.remove.hidden = true;
      item.row.classList.remove("console-upload--refused");
      item.state.textContent = "Uploading…";
      say(uploadStatus, `Uploading ${index + 1} of ${waiting.length}: ${item.file.name}.`);
      // The alt text is the first uploaded photo's; "main photo" puts the new ones first, in their order.
      const fields: Record<string, string> = {};
      if (uploaded === 0 && alt?.value.trim()) fields.alt = alt.value;
      if (primary?.checked) fields.position = String(uploaded);
      const { status, text } = await send(item, fields);
      if (status === 201) {
        uploaded += 1;
        item.done = true;
        item.progress.value = 100;
        item.state.textContent = "Uploaded.";
        item.row.classList.add("console-upload--done");
      } else {
        const reason = status === 0 ? text : reasonOf(status, text);
        item.progress.value = 0;
        item.state.textContent = `Refused: ${reason}`;
        item.row.classList.add("console-upload--refused");
        item.remove.hidden = false;
        refused.push(`${item.file.name}: ${reason}`);
      }
    }
    if (uploaded) {
      if (alt) alt.value = "";
      if (primary) primary.checked = false;
      await redrawPhotos().catch(() => say(photosStatus, "Uploaded; reload the page to see the photos."));
    }
    say(uploadStatus, [`${uploaded} of ${waiting.length} photo${waiting.length === 1 ? "" : "s"} uploaded.`, ...refused.map((line) => `Refused ${line}`)].join(" "));
    form.removeAttribute("aria-busy");
    busy = false;
  });

  form.setAttribute(PHOTO_UPLOAD_MARKS.enhanced, "");
}

/** The photos' section's API address (the stock API's photos of this car). */
const photosApi = () => document.getElementById(PHOTO_UPLOAD_MARKS.photos)?.getAttribute(PHOTO_UPLOAD_MARKS.api) ?? "";

/** Sends one change of the photos: the answer, or why it was refused (the API's reason, else `offline`). */
async function change(url: string, init: RequestInit, offline = "the connection failed."): Promise<Response | string> {
  const answer = await fetch(url, { ...init, credentials: "same-origin" }).catch(() => null);
  if (answer?.ok) return answer;
  return answer ? reasonOf(answer.status, await answer.text()) : offline;
}

/**
 * A photo card's buttons, without a page load: Save alt text (PATCH), Delete (DELETE), Move up, Move down and Make
 * main photo (PUT …/order, computed from the page's order as the form's handler does). Each redraws the photos from
 * the car's page and says what happened; a refused alt text is shown beside its field, as the server would.
 */
document.addEventListener("submit", async (event) => {
  const target = event.target as HTMLFormElement;
  const button = event.submitter as HTMLButtonElement | null;
  const card = target.closest<HTMLElement>("[data-photo]");
  const action = button?.value;
  if (!card || !target.closest(`#${PHOTO_UPLOAD_MARKS.photos}`) || !action || !["alt", "delete", "up", "down", "primary"].includes(action)) return;
  event.preventDefault();
  const refs = [...document.querySelectorAll<HTMLElement>(`#${PHOTO_UPLOAD_MARKS.photos} [data-photo]`)].map((each) => each.dataset.photo ?? "");
  const ref = card.dataset.photo ?? "";
  const from = refs.indexOf(ref);
  const photoUrl = `${photosApi()}/${encodeURIComponent(ref)}`;
  if (action === "alt") {
    const input = target.querySelector<HTMLInputElement>('input[name="alt"]');
    const saved = await change(
      photoUrl,
      { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ alt: input?.value ?? "" }) },
      "The connection failed: check the signal and save it again.",
    );
    if (typeof saved === "string") {
      if (input) {
        showFieldError(input, saved);
        input.focus();
      }
      say(photosStatus, `The alt text of photo ${from + 1} was not saved: ${saved}`);
      return;
    }
    await redrawPhotos().catch(() => undefined);
    say(photosStatus, `Alt text of photo ${from + 1} saved.`);
    document.getElementById(card.id)?.querySelector<HTMLInputElement>('input[name="alt"]')?.focus();
    return;
  }
  if (action === "delete") {
    const deleted = await change(photoUrl, { method: "DELETE" });
    if (typeof deleted === "string") return say(photosStatus, `Photo ${from + 1} was not deleted: ${deleted}`);
    await redrawPhotos().catch(() => undefined);
    say(photosStatus, `Photo ${from + 1} deleted: ${refs.length - 1} photo${refs.length === 2 ? "" : "s"} left.`);
    // The keyboard goes to the photo now in its place (or the one before), else to the upload's file field.
    const cards = document.querySelectorAll<HTMLElement>(`#${PHOTO_UPLOAD_MARKS.photos} [data-photo]`);
    const next = cards[Math.min(from, cards.length - 1)];
    (next?.querySelector<HTMLButtonElement>("button:not([disabled])") ?? input)?.focus();
    return;
  }
  const to = action === "primary" ? 0 : action === "up" ? Math.max(0, from - 1) : Math.min(refs.length - 1, from + 1);
  const order = refs.filter((each) => each !== ref);
  order.splice(to, 0, ref);
  const saved = await change(`${photosApi()}/order`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ order }) });
  if (typeof saved === "string") return say(photosStatus, `The order was not saved: ${saved}`);
  await redrawPhotos().catch(() => undefined);
  say(photosStatus, action === "primary" ? `Main photo set: it was photo ${from + 1}.` : `Photo order saved: photo ${from + 1} is now photo ${to + 1} of ${refs.length}.`);
  // Keep the keyboard where it was: the same button on the moved photo, or its card's first enabled one.
  const moved = document.getElementById(card.id);
  const same = moved?.querySelector<HTMLButtonElement>(`button[value="${action}"]:not([disabled])`);
  (same ?? moved?.querySelector<HTMLButtonElement>("button:not([disabled])"))?.focus();
});
