import { parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { PHOTO_LIMITS, PHOTO_REASONS, vehicleImageUrl } from "@dealer/shared/media";
import { staffMay, vehiclePath } from "@dealer/shared/rules";
import { STAFF_PATHS, type Staff } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import { type Ctx, readForm, staffFor } from "./access";
import type { Env } from "./env";
import { answerOf, stockApi } from "./forms-api";
import { ConsoleField, ErrorList, html, invalidProps, Page, PRIVATE, pageScript } from "./page";
import { PHOTO_UPLOAD_MARKS, PHOTO_UPLOAD_SCRIPTS } from "./photo-upload-scripts";
import { type StockCar, type StockPage, type StockQuery, type StockRow, stockCar, stockPage, stockQuerySchema } from "./stock-list";

/**
 * The stock and its photos (issue 31, ADR 0078): a dealership's cars a page at a time, and a car's photos managed
 * through the stock API's photo routes (mf-search, ADR 0075) with the staff member's own cookie: upload, alt text,
 * order, main photo and delete are plain form posts that answer with the car's page again.
 */
const STATUS_WORDS: Record<string, string> = { in_stock: "In stock", sold: "Sold", coming_soon: "Coming soon" };
const carPath = (stocknum: string) => `${STAFF_PATHS.stock}/${encodeURIComponent(stocknum)}`;
const apiPath = (stocknum: string, rest = "") => `/api/stock/vehicles/${encodeURIComponent(stocknum)}/photos${rest}`;
const titleOf = (car: StockRow) => [car.year, car.make, car.model].filter(Boolean).join(" ") || car.stocknum;
const money = (amount: number | null) => (amount === null ? "" : `$${Math.round(amount).toLocaleString("en-AU")}`);

type Photo = { position: number; hash: string | null; url: string; status: string; width: number | null; height: number | null; alt: string | null };
/** A photo's name in a URL: its content hash when held (stable across a reorder), else its position. */
const refOf = (photo: Photo) => photo.hash ?? String(photo.position);
const altId = (photo: Photo) => `photo-${refOf(photo)}-alt`;

/** What a done change says once the page is back (Post/Redirect/Get). */
const DONE: Record<string, string> = {
  upload: "Photos uploaded.",
  alt: "Alt text saved.",
  order: "Photo order saved.",
  primary: "Main photo set.",
  delete: "Photo deleted.",
  interior: "Interior panorama uploaded.",
  "interior-removed": "Uploaded interior panorama removed.",
};
const interiorApiPath = (stocknum: string) => `/api/stock/vehicles/${encodeURIComponent(stocknum)}/interior`;

type StockListProps = { staff: Staff; buildId: string; query: StockQuery; page: StockPage; errors: Record<string, string[]> };

function StockList({ staff, buildId, query, page: { rows, next, previous }, errors }: StockListProps) {
  const link = (start: { after: string } | { before: string } | null) => `${STAFF_PATHS.stock}?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...start })}`;
  return (
    <Page title="Stock" staff={staff} buildId={buildId} path={STAFF_PATHS.stock}>
      <h1>Stock</h1>
      <ErrorList errors={errors} labelOf={(path) => (path === "q" ? "Search" : "Page")} />
      <form method="get" action={STAFF_PATHS.stock} className="console-filters">
        <ConsoleField id="stock-q" label="Stock number, make or model" errors={errors.q}>
          <input className="ui-input" id="stock-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={60} {...invalidProps("stock-q", errors.q)} />
        </ConsoleField>
        <button type="submit" className={buttonClass({})}>
          Search
        </button>
      </form>
      {rows.length === 0 ? (
        <p role="status">{query.q ? `No car of ${staff.dealershipName} matches “${query.q}”.` : `${staff.dealershipName} has no cars in its stock.`}</p>
      ) : (
        <div className="console-table">
          <table>
            <caption className="visually-hidden">{`Cars of ${staff.dealershipName}${query.q ? ` matching ${query.q}` : ""}`}</caption>
            <thead>
              <tr>
                <th scope="col">Stock number</th>
                <th scope="col">Car</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Photos</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((car) => (
                <tr key={car.stocknum} data-stocknum={car.stocknum}>
                  <td>
                    <a href={carPath(car.stocknum)}>{car.stocknum}</a>
                  </td>
                  <td>{titleOf(car)}</td>
                  <td>{money(car.price)}</td>
                  <td>{STATUS_WORDS[car.status] ?? car.status}</td>
                  <td>{car.photos}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Stock pages" className="console-actions">
        {previous && <a href={link(null)}>First page</a>}
        {previous && (
          <a href={link({ before: previous })} rel="prev">
            Previous page
          </a>
        )}
        {next && (
          <a href={link({ after: next })} rel="next">
            Next page
          </a>
        )}
      </nav>
    </Page>
  );
}

type CarPageProps = {
  staff: Staff;
  buildId: string;
  car: StockCar;
  photos: Photo[];
  errors: Record<string, string[]>;
  notice: string | null;
  /** What was typed in a refused form: its alt text, by the field's id. */
  typed: Record<string, string>;
};

function PhotoCard({ stocknum, photo, count, canEdit, errors, typed }: { stocknum: string; photo: Photo; count: number; canEdit: boolean; errors: Record<string, string[]>; typed: Record<string, string> }) {
  const id = altId(photo);
  const name = `photo ${photo.position + 1}`;
  const src = photo.hash ? vehicleImageUrl(`photos/${photo.hash}`, { width: 320 }) : photo.url;
  const height = photo.width && photo.height ? Math.round((320 * photo.height) / photo.width) : undefined;
  const button = (action: string, words: string, options: { disabled?: boolean; variant?: "secondary" | "tertiary" } = {}) => (
    <button type="submit" name="action" value={action} disabled={options.disabled} className={buttonClass({ variant: options.variant ?? "secondary", size: "sm" })}>
      {words}
      <span className="visually-hidden">{` (${name})`}</span>
    </button>
  );
  return (
    <li className="console-photo-card" id={`photo-${refOf(photo)}`} data-photo={refOf(photo)}>
      <img className="console-photo" src={src} alt={photo.alt ?? ""} width={320} height={height} loading="lazy" />
      <p className="console-photo-card__caption">{`${photo.position === 0 ? "Main photo" : `Photo ${photo.position + 1}`} of ${count}${photo.status === "ready" ? "" : ` (${photo.status})`}`}</p>
      {canEdit ? (
        <form method="post" action={`${carPath(stocknum)}/photos/${refOf(photo)}`} className="console-photo-card__form" noValidate>
          {/* The first submit button is the one Enter in the alt text presses: it saves the text. */}
          <ConsoleField id={id} label={`Alt text (${name})`} errors={errors[id]}>
            <input className="ui-input" id={id} name="alt" maxLength={PHOTO_LIMITS.maxAltText} defaultValue={typed[id] ?? photo.alt ?? ""} {...invalidProps(id, errors[id])} />
          </ConsoleField>
          <div className="console-row__actions">
            {button("alt", "Save alt text")}
            {button("up", "Move up", { disabled: photo.position === 0 })}
            {button("down", "Move down", { disabled: photo.position === count - 1 })}
            {button("primary", "Make main photo", { disabled: photo.position === 0 })}
            {button("delete", "Delete", { variant: "tertiary" })}
          </div>
        </form>
      ) : (
        <p>{photo.alt ? `Alt text: ${photo.alt}` : "No alt text."}</p>
      )}
    </li>
  );
}

/**
 * The car's interior panorama (ADR 0102, 0105): what the car page's Interior view shows, and for a role with
 * `stock.photos` a form to upload one (it wins over the feed's) and, when one is uploaded, to remove it.
 */
function InteriorSection({ car, canEdit, errors }: { car: StockCar; canEdit: boolean; errors: Record<string, string[]> }) {
  return (
    <section aria-labelledby="car-interior-heading">
      <h2 id="car-interior-heading">Interior panorama</h2>
      {car.interior ? (
        <img className="console-photo" src={car.interior} alt="The car's interior panorama" width={320} loading="lazy" />
      ) : (
        <p>This car has no interior panorama: its page shows no Interior view.</p>
      )}
      {car.interior && <p>{car.interior_upload ? "Uploaded here; it shows over the feed's." : "From the stock feed."}</p>}
      {canEdit && (
        <>
          <form method="post" action={`${carPath(car.stocknum)}/interior`} encType="multipart/form-data" className="console-form console-card" noValidate>
            <ConsoleField id="upload-panorama" label="Panorama (one JPEG, PNG, WebP or AVIF; a wide, 360° picture suits the view)" errors={errors.panorama}>
              <input className="ui-input" id="upload-panorama" name="panorama" type="file" accept="image/jpeg,image/png,image/webp,image/avif" {...invalidProps("upload-panorama", errors.panorama)} />
            </ConsoleField>
            <div className="console-actions">
              <button type="submit" className={buttonClass({ variant: "primary" })}>
                Save panorama
              </button>
            </div>
          </form>
          {car.interior_upload && (
            <form method="post" action={`${carPath(car.stocknum)}/interior/remove`} className="console-actions">
              <button type="submit" className={buttonClass({})}>
                Remove uploaded panorama
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

const UPLOAD_FIELDS: Record<string, string> = { photo: "Photos", alt: "Alt text", primary: "Main photo", position: "Position", panorama: "Interior panorama" };

function CarPage({ staff, buildId, car, photos, errors, notice, typed }: CarPageProps) {
  const canEdit = staffMay(staff.role, "stock.photos");
  const photoLabel = (path: string) => {
    const photo = photos.find((each) => altId(each) === path);
    return photo ? `Alt text of photo ${photo.position + 1}` : (UPLOAD_FIELDS[path] ?? path);
  };
  return (
    <Page title={`${titleOf(car)}: photos`} staff={staff} buildId={buildId} path={STAFF_PATHS.stock}>
      <p>
        <a href={STAFF_PATHS.stock}>Stock</a>
      </p>
      <h1>{`${titleOf(car)} (${car.stocknum})`}</h1>
      <p>
        {`${STATUS_WORDS[car.status] ?? car.status}${car.price === null ? "" : `, ${money(car.price)}`}. `}
        <a href={vehiclePath(car.slug)}>Open the car's page on the site</a>
      </p>
      {notice && (
        <p role="status" className="console-notice">
          {notice}
        </p>
      )}
      <ErrorList errors={errors} labelOf={photoLabel} />
      {/* The enhancement's live region (ADR 0085): outside the section it redraws, so it is announced. */}
      {canEdit && <p className="console-live" role="status" {...{ [PHOTO_UPLOAD_MARKS.photosStatus]: "" }} />}
      <section id={PHOTO_UPLOAD_MARKS.photos} aria-labelledby="car-photos-heading" {...{ [PHOTO_UPLOAD_MARKS.api]: apiPath(car.stocknum) }}>
        <h2 id="car-photos-heading">{`Photos (${photos.length})`}</h2>
        {photos.length === 0 ? (
          <p>This car has no photos yet.</p>
        ) : (
          <ol className="console-photos">
            {photos.map((photo) => (
              <PhotoCard key={refOf(photo)} stocknum={car.stocknum} photo={photo} count={photos.length} canEdit={canEdit} errors={errors} typed={typed} />
            ))}
          </ol>
        )}
      </section>
      <InteriorSection car={car} canEdit={canEdit} errors={errors} />
      {canEdit && (
        <>
          <h2>Add photos</h2>
          <form
            method="post"
            action={`${carPath(car.stocknum)}/photos`}
            encType="multipart/form-data"
            className="console-form console-card"
            noValidate
            {...{ [PHOTO_UPLOAD_MARKS.api]: apiPath(car.stocknum) }}
          >
            <ConsoleField id="upload-photo" label={`Photos (JPEG, PNG, WebP or AVIF; up to ${PHOTO_LIMITS.maxUploadFiles} at a time)`} errors={errors.photo}>
              <input className="ui-input" id="upload-photo" name="photo" type="file" multiple accept="image/jpeg,image/png,image/webp,image/avif" {...invalidProps("upload-photo", errors.photo)} />
            </ConsoleField>
            <ConsoleField id="upload-alt" label="Alt text of the first photo (optional)" errors={errors.alt}>
              <input className="ui-input" id="upload-alt" name="alt" maxLength={PHOTO_LIMITS.maxAltText} defaultValue={typed["upload-alt"] ?? ""} {...invalidProps("upload-alt", errors.alt)} />
            </ConsoleField>
            <label className="console-check">
              <input type="checkbox" name="primary" value="true" defaultChecked={typed["upload-primary"] === "true"} />
              Make the first new photo the main photo
            </label>
            <div className="console-actions">
              <button type="submit" className={buttonClass({ variant: "primary" })}>
                Upload
              </button>
            </div>
            <p className="console-live" role="status" {...{ [PHOTO_UPLOAD_MARKS.uploadStatus]: "" }} />
          </form>
          {/* The only first-load script: it fetches the enhancement on approach (ADR 0085). */}
          <script defer src={pageScript(buildId, PHOTO_UPLOAD_SCRIPTS.loader)} />
        </>
      )}
    </Page>
  );
}

/** An API refusal's problems, each by the form field it belongs beside (`fallback` takes a refusal that names none). */
function refusalErrors(body: Record<string, unknown>, message: string, fieldOf: (field: string) => string, fallback = "photo"): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (body.errors && typeof body.errors === "object") {
    for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>)) {
      if (Array.isArray(messages)) errors[fieldOf(field)] = messages.map(String);
    }
  }
  if (Array.isArray(body.rejected)) {
    errors.photo = body.rejected.map((entry) => {
      const { name, reason } = (entry ?? {}) as { name?: unknown; reason?: unknown };
      return `${String(name ?? "A file")}: ${String(reason ?? "refused")}`;
    });
  }
  if (!Object.keys(errors).length) errors[fallback] = [message || "The change could not be made. Please try again."];
  return errors;
}

const refusalStatus = (status: number) => (status === 404 || status === 409 || status === 413 || status === 403 ? status : status >= 500 ? 503 : 400);

export function createStockPages() {
  const app = new Hono<{ Bindings: Env }>();

  const notFound = (c: Ctx, staff: Staff) =>
    c.html(
      html(
        <Page title="No such car" staff={staff} buildId={c.env.BUILD_ID} path={STAFF_PATHS.stock}>
          <h1>No such car</h1>
          <p role="alert">{`${staff.dealershipName} has no car with that stock number.`}</p>
          <p>
            <a href={STAFF_PATHS.stock}>Back to the stock</a>
          </p>
        </Page>,
      ),
      404,
      PRIVATE,
    );

  /** The car's page: its record read here, its photos through the stock API (which decides what this staff member sees). */
  const carPage = async (c: Ctx, staff: Staff, stocknum: string, options: { status?: 200 | 400 | 403 | 404 | 409 | 413 | 503; errors?: Record<string, string[]>; typed?: Record<string, string>; notice?: string | null } = {}) => {
    const car = await stockCar(c.env.DB, staff.dealershipId, stocknum);
    if (!car) return notFound(c, staff);
    const answer = await stockApi(c, apiPath(stocknum));
    if (!answer.ok) {
      const { message } = await answerOf(answer);
      return answer.status === 404 ? notFound(c, staff) : c.text(message || "The stock service is unavailable. Please try again in a moment.", answer.status === 403 ? 403 : 503, PRIVATE);
    }
    const { body } = await answerOf(answer);
    const photos = Array.isArray(body.photos) ? (body.photos as Photo[]) : [];
    return c.html(
      html(<CarPage staff={staff} buildId={c.env.BUILD_ID} car={car} photos={photos} errors={options.errors ?? {}} notice={options.notice ?? null} typed={options.typed ?? {}} />),
      options.status ?? 200,
      PRIVATE,
    );
  };

  app.get(STAFF_PATHS.stock, async (c) => {
    const allowed = await staffFor(c, "stock.read");
    if (allowed instanceof Response) return allowed;
    const parsed = parseWithFieldErrors(stockQuerySchema, c.req.query());
    const query: StockQuery = parsed.ok ? parsed.data : { q: (c.req.query("q") ?? "").slice(0, 200) };
    const page = parsed.ok ? await stockPage(c.env.DB, allowed.staff.dealershipId, query) : { rows: [], next: null, previous: null };
    return c.html(html(<StockList staff={allowed.staff} buildId={c.env.BUILD_ID} query={query} page={page} errors={parsed.ok ? {} : parsed.fieldErrors} />), parsed.ok ? 200 : 400, PRIVATE);
  });

  app.get(`${STAFF_PATHS.stock}/:stocknum`, async (c) => {
    const allowed = await staffFor(c, "stock.read");
    if (allowed instanceof Response) return allowed;
    const done = DONE[c.req.query("done") ?? ""] ?? null;
    return carPage(c, allowed.staff, c.req.param("stocknum"), { notice: done });
  });

  const backTo = (c: Ctx, stocknum: string, done: string, anchor = "") => c.redirect(`${carPath(stocknum)}?done=${done}${anchor}`, 303);

  app.post(`${STAFF_PATHS.stock}/:stocknum/photos`, bodyLimit(PHOTO_LIMITS.maxUploadRequestBytes, undefined, PHOTO_REASONS.uploadTooLarge), async (c) => {
    const allowed = await staffFor(c, "stock.photos");
    if (allowed instanceof Response) return allowed;
    const stocknum = c.req.param("stocknum");
    const form = await c.req.formData().catch(() => null);
    const alt = typeof form?.get("alt") === "string" ? String(form?.get("alt")) : "";
    const typed = { "upload-alt": alt, "upload-primary": form?.get("primary") === "true" ? "true" : "" };
    // A browser sends an empty file part when no file was chosen: that is no photo.
    const files = (form?.getAll("photo") ?? []).filter((file): file is File => typeof file !== "string" && file.size > 0);
    if (!files.length) return carPage(c, allowed.staff, stocknum, { status: 400, typed, errors: { photo: ["Choose one or more photos to upload."] } });
    const upload = new FormData();
    for (const file of files) upload.append("photo", file, file.name);
    if (alt.trim()) upload.append("alt", alt);
    if (typed["upload-primary"]) upload.append("primary", "true");
    const answer = await stockApi(c, apiPath(stocknum), { method: "POST", form: upload });
    if (answer.ok) return backTo(c, stocknum, "upload");
    const { message, body } = await answerOf(answer);
    return carPage(c, allowed.staff, stocknum, { status: refusalStatus(answer.status), typed, errors: refusalErrors(body, message, (field) => (field.startsWith("alt") ? "alt" : "photo")) });
  });

  // The interior panorama through the stock API's own route (ADR 0102), as the photos: its refusals by the form's field.
  app.post(`${STAFF_PATHS.stock}/:stocknum/interior`, bodyLimit(PHOTO_LIMITS.maxUploadRequestBytes, undefined, PHOTO_REASONS.uploadTooLarge), async (c) => {
    const allowed = await staffFor(c, "stock.photos");
    if (allowed instanceof Response) return allowed;
    const stocknum = c.req.param("stocknum");
    const file = (await c.req.formData().catch(() => null))?.get("panorama");
    if (!file || typeof file === "string" || file.size === 0) return carPage(c, allowed.staff, stocknum, { status: 400, errors: { panorama: ["Choose a panorama to upload."] } });
    const upload = new FormData();
    upload.append("panorama", file, file.name);
    const answer = await stockApi(c, interiorApiPath(stocknum), { method: "PUT", form: upload });
    if (answer.ok) return backTo(c, stocknum, "interior");
    const { message, body } = await answerOf(answer);
    return carPage(c, allowed.staff, stocknum, { status: refusalStatus(answer.status), errors: refusalErrors(body, message, () => "panorama", "panorama") });
  });

  app.post(`${STAFF_PATHS.stock}/:stocknum/interior/remove`, async (c) => {
    const allowed = await staffFor(c, "stock.photos");
    if (allowed instanceof Response) return allowed;
    const stocknum = c.req.param("stocknum");
    const answer = await stockApi(c, interiorApiPath(stocknum), { method: "DELETE" });
    if (answer.ok) return backTo(c, stocknum, "interior-removed");
    const { message, body } = await answerOf(answer);
    return carPage(c, allowed.staff, stocknum, { status: refusalStatus(answer.status), errors: refusalErrors(body, message, () => "panorama", "panorama") });
  });

  app.post(`${STAFF_PATHS.stock}/:stocknum/photos/:ref`, async (c) => {
    const allowed = await staffFor(c, "stock.photos");
    if (allowed instanceof Response) return allowed;
    const stocknum = c.req.param("stocknum");
    const ref = c.req.param("ref");
    const form = await readForm(c);
    const id = `photo-${ref}-alt`;
    const typed = { [id]: form.alt ?? "" };
    const refuse = async (answer: Response) => {
      const { message, body } = await answerOf(answer);
      return carPage(c, allowed.staff, stocknum, { status: refusalStatus(answer.status), typed, errors: refusalErrors(body, message, (field) => (field === "alt" ? id : "photo")) });
    };
    switch (form.action) {
      case "alt": {
        const answer = await stockApi(c, apiPath(stocknum, `/${encodeURIComponent(ref)}`), { method: "PATCH", json: { alt: form.alt ?? null } });
        return answer.ok ? backTo(c, stocknum, "alt", `#photo-${encodeURIComponent(ref)}`) : refuse(answer);
      }
      case "delete": {
        const answer = await stockApi(c, apiPath(stocknum, `/${encodeURIComponent(ref)}`), { method: "DELETE" });
        return answer.ok ? backTo(c, stocknum, "delete") : refuse(answer);
      }
      case "up":
      case "down":
      case "primary": {
        // A new order of every photo, by hash or position, as the stock API takes it (PUT …/photos/order).
        const listed = await stockApi(c, apiPath(stocknum));
        if (!listed.ok) return refuse(listed);
        const photos = ((await answerOf(listed)).body.photos ?? []) as Photo[];
        const refs = photos.map(refOf);
        const from = refs.indexOf(ref);
        if (from < 0) return carPage(c, allowed.staff, stocknum, { status: 404, errors: { photo: ["That photo is no longer on this car: the page shows its photos now."] } });
        const to = form.action === "primary" ? 0 : form.action === "up" ? Math.max(0, from - 1) : Math.min(refs.length - 1, from + 1);
        const order = refs.toSpliced(from, 1).toSpliced(to, 0, ref);
        const answer = await stockApi(c, apiPath(stocknum, "/order"), { method: "PUT", json: { order } });
        return answer.ok ? backTo(c, stocknum, form.action === "primary" ? "primary" : "order", `#photo-${encodeURIComponent(ref)}`) : refuse(answer);
      }
      default:
        return carPage(c, allowed.staff, stocknum, { status: 400, typed, errors: { action: ["Choose what to do with the photo: save its alt text, move it, make it the main photo or delete it."] } });
    }
  });

  return app;
}
