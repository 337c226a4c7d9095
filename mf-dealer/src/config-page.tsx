import { fieldReasons } from "@dealer/shared/audit";
import {
  BUTTON_KINDS,
  BUTTON_SET,
  type ButtonKind,
  COLOUR_PATTERN,
  type ConfigField,
  configFormFields,
  editedRowPlace,
  editRows,
  type FieldErrors,
  fieldText,
  fieldValue,
  overrideFromForm,
  parseRowEdit,
  platformBoxName,
  ROW_EDIT,
  ROW_LISTS,
  type Row,
  type RowList,
  type RowShape,
  resolvedSettings,
  rowListOf,
  rowPathWords,
  rowsFromForm,
  rowsMarker,
  rowsOf,
  rowsToFields,
  rowsToForm,
  settingAt,
} from "@dealer/shared/config";
import { bodyLimit, clearedConfigPreviewCookie, configPreviewCookie } from "@dealer/shared/http";
import { listSecretSlots } from "@dealer/shared/secrets";
import { auditRefusedStaff, STAFF_PATHS, type Staff } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import { type Ctx, readForm, staffFor } from "./access";
import { type ConfigVersion, discardDraft, draftOf, listVersions, policyErrors, publishConfig, publishedOverride, rollbackConfig, saveDraft } from "./config-versions";
import type { Env } from "./env";
import { ErrorList, html, Page, PRIVATE } from "./page";

/** A setting that names one of the site's secret slots (ADR 0056): chosen from the slots the operator has set. */
const isSlotField = (field: ConfigField) => field.path.endsWith("Slot");
/** A theme colour (its default is one): a colour picker, unless what was typed is no colour (then the text, to correct). */
const isColourField = (field: ConfigField) => field.kind === "text" && typeof field.defaultValue === "string" && COLOUR_PATTERN.test(field.defaultValue);
const idOf = (path: string) => `config-${path.replace(/\./g, "-")}`;
const labelOf = (path: string) => path.split(".").slice(1).join(".") || path;

function ConfigInput({ field, text, slots, invalid }: { field: ConfigField; text: string; slots: string[]; invalid: boolean }) {
  const id = idOf(field.path);
  const aria = invalid ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  if (isSlotField(field)) {
    // A slot the settings name but the operator has not set stays choosable, marked, so a publish keeps it.
    const names = text && !slots.includes(text) ? [...slots, text] : slots;
    return (
      <select className="ui-select" id={id} name={field.path} defaultValue={text} {...aria}>
        <option value="">(none)</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {slots.includes(name) ? name : `${name} (not set: ask the platform's operator)`}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "boolean" || field.kind === "choice") {
    const options = field.kind === "boolean" ? ["true", "false"] : field.options;
    // A refused value that is no option stays shown (and chosen) so the admin sees what was sent.
    const all = text && !options.includes(text) && !(field.nullable && text === "") ? [...options, text] : options;
    return (
      <select className="ui-select" id={id} name={field.path} defaultValue={text} {...aria}>
        {field.nullable && <option value="">(none)</option>}
        {all.map((option) => (
          <option key={option} value={option}>
            {field.kind === "boolean" ? (option === "true" ? "Yes" : option === "false" ? "No" : option) : option}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "json") return <textarea className="ui-input" id={id} name={field.path} defaultValue={text} rows={Math.min(8, 1 + Math.ceil(text.length / 60))} {...aria} />;
  if (isColourField(field) && COLOUR_PATTERN.test(text)) return <input className="ui-input console-colour" type="color" id={id} name={field.path} defaultValue={text.toLowerCase()} {...aria} />;
  return <input className="ui-input" id={id} name={field.path} inputMode={field.kind === "number" ? "decimal" : undefined} defaultValue={text} {...aria} />;
}

/** One input of a row, its problem beside it: a line, a text area, or a box per option. */
function RowInput({ path, label, value, errors, hint, focus, kind, options }: { path: string; label: string; value: string; errors: FieldErrors; hint?: string; focus: boolean; kind: "text" | "longText" | "number" | "kinds"; options?: Record<string, string> }) {
  const id = idOf(path);
  const problems = errors[path];
  const described = [hint ? `${id}-hint` : "", problems ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const hintAndError = (
    <>
      {hint && (
        <small className="field__hint" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {problems && (
        <strong className="field__error" id={`${id}-error`} data-field-error={path}>
          {problems.join(" ")}
        </strong>
      )}
    </>
  );
  if (kind === "kinds") {
    const ticked = value.split(",");
    return (
      <fieldset className="console-checks" aria-describedby={described}>
        <legend>{label}</legend>
        {Object.entries(options ?? {}).map(([option, words]) => (
          <label key={option} className="console-check">
            <input type="checkbox" id={idOf(`${path}.${option}`)} name={`${path}.${option}`} defaultChecked={ticked.includes(option)} />
            {words}
          </label>
        ))}
        {hintAndError}
      </fieldset>
    );
  }
  // autoFocus: after a row was added or moved (a full page load, no script), focus goes back to that row.
  const common = { className: "ui-input", id, name: path, defaultValue: value, autoFocus: focus, "aria-invalid": problems ? true : undefined, "aria-describedby": described };
  return (
    <div className={problems ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {kind === "longText" ? <textarea {...common} rows={3} /> : <input {...common} inputMode={kind === "number" ? "numeric" : undefined} />}
      {hintAndError}
    </div>
  );
}

/** A row's move and remove buttons: submit buttons, so the form works without script (ADR 0073). */
function RowActions({ at, index, count, name }: { at: string; index: number; count: number; name: string }) {
  const button = (action: "up" | "down" | "remove", words: string, disabled: boolean) => (
    <button type="submit" name={ROW_EDIT} value={`${at}:${action}`} disabled={disabled} className={buttonClass({ variant: action === "remove" ? "tertiary" : "secondary", size: "sm" })}>
      {words}
      <span className="visually-hidden">{` ${name}`}</span>
    </button>
  );
  return (
    <div className="console-row__actions">
      {button("up", "Move up", index === 0)}
      {button("down", "Move down", index === count - 1)}
      {button("remove", "Remove", false)}
    </div>
  );
}

const capital = (words: string) => `${words[0]?.toUpperCase() ?? ""}${words.slice(1)}`;

/**
 * A list setting as rows (issue 31, ADR 0073, 0078): each row's fields, and a row's inner list (a header link's menu,
 * a footer group's links) as rows of its own; add, remove and move are submit buttons that come back with every
 * typed value kept.
 */
function Rows({ shape, list, rows, errors, focus, parent }: { shape: RowShape; list: string; rows: Row[]; errors: FieldErrors; focus: string | null; parent: string | null }) {
  const listErrors = errors[list];
  const inner = shape.sub;
  return (
    <div className="console-rows" data-rows={list}>
      <input type="hidden" name={rowsMarker(list)} value="1" />
      {listErrors && (
        <strong className="field__error" id={`${idOf(list)}-error`} data-field-error={list}>
          {listErrors.join(" ")}
        </strong>
      )}
      {rows.length > 0 && (
        <ol className="console-rows__list">
          {rows.map((row, index) => {
            const at = `${list}.${index}`;
            const name = parent ? `${shape.noun} ${index + 1} of ${parent}` : `${shape.noun} ${index + 1}`;
            return (
              <li key={at} className="console-row" data-row={at}>
                <fieldset className="console-row__fields">
                  <legend>{`${capital(shape.noun)} ${index + 1}`}</legend>
                  {shape.fields.map((field, position) => (
                    <RowInput
                      key={field.key}
                      path={`${at}.${field.key}`}
                      label={field.label}
                      value={row.values[field.key] ?? ""}
                      errors={errors}
                      hint={field.hint}
                      focus={position === 0 && focus === at}
                      kind={field.kind}
                      options={field.options}
                    />
                  ))}
                  {inner &&
                    (row.sub ? (
                      <Rows shape={inner.shape} list={`${at}.${inner.key}`} rows={row.sub} errors={errors} focus={focus} parent={name} />
                    ) : (
                      <button type="submit" name={ROW_EDIT} value={`${at}.${inner.key}:add`} className={buttonClass({ variant: "tertiary", size: "sm" })}>
                        Add a menu under this link<span className="visually-hidden">{` (${name})`}</span>
                      </button>
                    ))}
                  <RowActions at={at} index={index} count={rows.length} name={name} />
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <button type="submit" name={ROW_EDIT} value={`${list}:add`} className={buttonClass({ size: "sm" })}>
        {`Add a ${shape.noun.replace(/^menu's /, "")}`}
        {parent && <span className="visually-hidden">{` (${parent})`}</span>}
      </button>
      <small className="field__hint">{`At most ${shape.max}.`}</small>
    </div>
  );
}

/** A list setting's editor: its rows, and for a list that may be the platform's own, the box that keeps it so. */
function RowListEditor({ spec, rows, platform, errors, focus }: { spec: RowList; rows: Row[]; platform: boolean; errors: FieldErrors; focus: string | null }) {
  return (
    <div data-config-field={spec.list} className="field">
      <h3 className="field__label">{capital(spec.heading)}</h3>
      {spec.platformBox && (
        <label className="console-check">
          <input type="checkbox" id={idOf(platformBoxName(spec.list))} name={platformBoxName(spec.list)} defaultChecked={platform} />
          {spec.platformBox}
        </label>
      )}
      {errors[spec.list] && !rows.length && (
        <strong className="field__error" data-field-error={spec.list}>
          {errors[spec.list]?.join(" ")}
        </strong>
      )}
      <Rows shape={spec} list={spec.list} rows={rows} errors={errors} focus={focus} parent={null} />
    </div>
  );
}

/** The car page's buttons, a box each: the set is what counts (the page has its own order). */
function ButtonSet({ chosen, errors }: { chosen: readonly string[]; errors: FieldErrors }) {
  const problems = errors[BUTTON_SET];
  return (
    <fieldset className="console-checks" aria-describedby={problems ? `${idOf(BUTTON_SET)}-error` : undefined}>
      <legend>Buttons on a car's page</legend>
      <input type="hidden" name={rowsMarker(BUTTON_SET)} value="1" />
      {(Object.entries(BUTTON_KINDS) as [ButtonKind, string][]).map(([kind, words]) => (
        <label key={kind} className="console-check">
          <input type="checkbox" id={idOf(`${BUTTON_SET}.${kind}`)} name={`${BUTTON_SET}.${kind}`} defaultChecked={chosen.includes(kind)} />
          {words}
        </label>
      ))}
      {problems && (
        <strong className="field__error" id={`${idOf(BUTTON_SET)}-error`} data-field-error={BUTTON_SET}>
          {problems.join(" ")}
        </strong>
      )}
    </fieldset>
  );
}

/** The configuration form, one fieldset per section of the schema, each setting with its default beside it. */
function ConfigPage(props: {
  buildId: string;
  staff: Staff;
  override: Record<string, unknown>;
  /** What the admin typed, when a preview or publish was refused: shown as typed, every field. */
  typed: Record<string, string> | null;
  version: number;
  versions: ConfigVersion[];
  errors: FieldErrors;
  notice: string | null;
  previewing: boolean;
  /** The site's secret slots, by name (never a value). */
  slots: string[];
  /** The row an add or move put where it is (`navigation.links.2`): its first input takes the focus. */
  focus: string | null;
}) {
  const { staff, errors } = props;
  const resolved = resolvedSettings(props.override);
  const sections = [...new Set(configFormFields.map((field) => field.path.split(".")[0] as string))];
  const textOf = (field: ConfigField) => props.typed?.[field.path] ?? fieldText(field, fieldValue(field, resolved));
  return (
    <Page title="Site configuration" staff={staff} buildId={props.buildId} path={STAFF_PATHS.config}>
      <h1>Site configuration</h1>
      <p>{`Published version ${props.version}.${props.previewing ? " You are previewing a draft: open the site in this browser to see it; nobody else sees it." : ""}`}</p>
      {props.notice && (
        <p role="status" className="console-notice">
          {props.notice}
        </p>
      )}
      <form method="post" action={STAFF_PATHS.config} className="console-form" noValidate>
        {/* First in the form, so Enter in a field previews (the form's default button) rather than editing a row. */}
        <div className="console-actions console-actions--sticky">
          <button type="submit" name="action" value="preview" className={buttonClass({})}>
            Preview
          </button>
          <button type="submit" name="action" value="publish" className={buttonClass({ variant: "primary" })}>
            Publish
          </button>
        </div>
        <ErrorList errors={errors} labelOf={(path) => rowPathWords(path) ?? path} />
        {sections.map((section) => (
          <fieldset key={section} className="console-fieldset">
            <legend>{section}</legend>
            {configFormFields
              .filter((field) => field.path.split(".")[0] === section)
              .map((field) => {
                const id = idOf(field.path);
                const fieldErrors = errors[field.path];
                const spec = ROW_LISTS.find((each) => each.list === field.path);
                if (spec) {
                  const typedRows = props.typed && rowsFromForm(props.typed, spec, spec.list);
                  const stored = fieldValue(field, resolved);
                  const platform = typedRows ? props.typed?.[platformBoxName(spec.list)] !== undefined : stored === null;
                  return <RowListEditor key={field.path} spec={spec} rows={typedRows ?? rowsOf(spec, stored)} platform={platform} errors={errors} focus={props.focus} />;
                }
                if (field.path === BUTTON_SET) {
                  const chosen = props.typed?.[rowsMarker(BUTTON_SET)] !== undefined ? Object.keys(BUTTON_KINDS).filter((kind) => props.typed?.[`${BUTTON_SET}.${kind}`] !== undefined) : (fieldValue(field, resolved) as string[]);
                  return (
                    <div key={field.path} data-config-field={field.path} className="field">
                      <ButtonSet chosen={chosen} errors={errors} />
                    </div>
                  );
                }
                return (
                  <div key={field.path} data-config-field={field.path} className={fieldErrors ? "field field--invalid" : "field"}>
                    <label className="field__label" htmlFor={id}>
                      {labelOf(field.path)}
                    </label>
                    <ConfigInput field={field} text={textOf(field)} slots={props.slots} invalid={Boolean(fieldErrors)} />
                    <small className="field__hint">{`Default: ${fieldText(field, field.defaultValue) || "(none)"}`}</small>
                    {fieldErrors && (
                      <strong className="field__error" id={`${id}-error`} data-field-error={field.path}>
                        {fieldErrors.join(" ")}
                      </strong>
                    )}
                  </div>
                );
              })}
          </fieldset>
        ))}
      </form>
      {props.previewing && (
        <form method="post" action={STAFF_PATHS.config}>
          <button type="submit" name="action" value="end-preview" className={buttonClass({ variant: "tertiary" })}>
            End preview and discard the draft
          </button>
        </form>
      )}
      <h2>Versions</h2>
      <ul className="console-list">
        {props.versions.map((version) => (
          <li key={version.version} data-config-version={version.version}>
            {`Version ${version.version}, ${version.published_at.slice(0, 16).replace("T", " ")} by ${version.published_by}${version.note ? ` (${version.note})` : ""} `}
            {version.version !== props.version && (
              <form method="post" action={STAFF_PATHS.config} className="console-inline">
                <input type="hidden" name="version" value={version.version} />
                <button type="submit" name="action" value="rollback" className={buttonClass({ size: "sm" })}>{`Roll back to version ${version.version}`}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** The site's settings (admins, ADR 0046): the form, preview as a draft, publish, and rollback to any version. */
export function createConfigPages() {
  const app = new Hono<{ Bindings: Env }>();

  const configPage = async (c: Ctx, staff: Staff, status: 200 | 400 | 404, options: { typed?: Record<string, string>; errors?: FieldErrors; notice?: string | null; focus?: string } = {}) => {
    const [published, draft, versions, slots] = await Promise.all([publishedOverride(c.env.DB, staff.site), draftOf(c.env.DB, staff), listVersions(c.env.DB, staff.site), listSecretSlots(c.env.DB, staff.site)]);
    const override = draft?.override ?? published.override;
    return c.html(
      html(
        <ConfigPage
          buildId={c.env.BUILD_ID}
          staff={staff}
          override={override}
          typed={options.typed ?? null}
          version={published.version}
          versions={versions}
          errors={options.errors ?? {}}
          notice={options.notice ?? null}
          previewing={draft !== null}
          slots={slots.map((slot) => slot.name)}
          focus={options.focus ?? null}
        />,
      ),
      status,
      PRIVATE,
    );
  };
  app.get(STAFF_PATHS.config, async (c) => {
    const allowed = await staffFor(c, "config.publish");
    return allowed instanceof Response ? allowed : configPage(c, allowed.staff, 200);
  });
  app.post(STAFF_PATHS.config, bodyLimit(64 * 1024), async (c) => {
    const allowed = await staffFor(c, "config.publish");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const form = await readForm(c);
    const { action, version: versionText, ...fields } = form;
    const edit = parseRowEdit(form[ROW_EDIT]);
    if (edit) {
      // A row added, removed or moved: the form comes back as typed with the rows changed; nothing is saved.
      const draft = await draftOf(c.env.DB, staff);
      const resolved = resolvedSettings(draft?.override ?? (await publishedOverride(c.env.DB, staff.site)).override);
      const spec = rowListOf(edit.list);
      if (!spec) return configPage(c, staff, 400, { typed: fields, errors: { [ROW_EDIT]: ["That list is not on this form."] } });
      const rows = rowsFromForm(fields, spec, spec.list) ?? rowsOf(spec, settingAt(resolved, spec.list));
      const edited = editRows(spec, rows, edit);
      // Adding a row to a list that is the platform's own makes it the site's own list.
      const kept = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== ROW_EDIT && !key.startsWith(`${spec.list}.`)));
      const platform = fields[platformBoxName(spec.list)] !== undefined && edit.action !== "add" ? { [platformBoxName(spec.list)]: "on" } : {};
      const focus = editedRowPlace(spec, edited, edit) ?? undefined;
      return configPage(c, staff, 200, { typed: { ...kept, ...rowsToForm(spec, spec.list, edited), ...platform }, focus, notice: `${capital(spec.heading)} changed on this form only: preview or publish to keep them.` });
    }
    if (action === "end-preview") {
      await discardDraft(c.env.DB, staff);
      c.header("set-cookie", clearedConfigPreviewCookie);
      return configPage(c, staff, 200, { notice: "Preview ended; the draft is discarded." });
    }
    if (action === "rollback") {
      const version = await rollbackConfig(c.env, staff, Number(versionText));
      if (version === null) {
        await auditRefusedStaff(c.env.DB, staff, "config.rollback", null, [`no version ${String(versionText).slice(0, 20)}`]);
        return configPage(c, staff, 404, { notice: "No such version.", errors: { version: [`There is no version ${String(versionText).slice(0, 20)} to roll back to.`] } });
      }
      if (typeof version !== "number") {
        await auditRefusedStaff(c.env.DB, staff, "config.rollback", `version ${String(versionText).slice(0, 20)}`, fieldReasons(version));
        return configPage(c, staff, 400, { notice: `Version ${versionText} cannot be published again.`, errors: version });
      }
      return configPage(c, staff, 200, { notice: `Rolled back to version ${versionText}, published as version ${version}.` });
    }
    if (action !== "preview" && action !== "publish") return configPage(c, staff, 400, { notice: "Choose Preview or Publish.", errors: { action: ["Choose Preview or Publish."] } });
    const draft = await draftOf(c.env.DB, staff);
    const current = draft?.override ?? (await publishedOverride(c.env.DB, staff.site)).override;
    const rows = rowsToFields(fields, resolvedSettings(current));
    const result = overrideFromForm(rows.fields, current);
    // A row's own words (ADR 0073) say more than the schema's about the same input, so they win.
    const errors = { ...(result.ok ? policyErrors(c.env, result.override) : result.fieldErrors), ...rows.errors };
    if (!result.ok || Object.keys(errors).length) {
      await auditRefusedStaff(c.env.DB, staff, `config.${action}`, null, fieldReasons(errors));
      // Every typed value comes back as typed, each problem beside its field (issue 31).
      return configPage(c, staff, 400, { typed: fields, errors });
    }
    if (action === "preview") {
      c.header("set-cookie", configPreviewCookie(await saveDraft(c.env.DB, staff, result.override)));
      return configPage(c, staff, 200, { notice: "Draft saved. Open the site in this browser to preview it; publish when it is right." });
    }
    const version = await publishConfig(c.env, staff, result.override);
    c.header("set-cookie", clearedConfigPreviewCookie);
    return configPage(c, staff, 200, { notice: `Published as version ${version}.` });
  });

  return app;
}
