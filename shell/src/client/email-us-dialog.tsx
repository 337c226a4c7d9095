import { EMAIL_US_ATTRIBUTE } from "@dealer/shared/email-us";
import type { createSeededStore } from "@dealer/shared/atoms";
import { Provider } from "jotai";
import { registerRemotes } from "@module-federation/enhanced/runtime";
import { createRoot } from "react-dom/client";
import { federationName } from "../federation/remote-name";
import { linkFragmentStyles } from "./fragment-styles";
import { loadFragment, remoteEntryUrl } from "./remote-loader";
import { readSlotMarker } from "./slot-marker";

type Store = ReturnType<typeof createSeededStore>;

const REMOTE = "mf-forms";
const DIALOG = "EmailUsDialog";

/** The build of mf-forms this page already uses (a form slot), else the latest one. */
function formsBuild(): string {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-slot][data-remote="${REMOTE}"]`)) {
    const marker = readSlotMarker(el);
    if (marker && marker.build !== "latest") return marker.build;
  }
  return "latest";
}

/** The car's enquiry form props, as the vehicle page's enquiry slot has them (its enquiry defaults). */
async function formProps(slug: string): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ slot: "enquiry", path: `/cars/${encodeURIComponent(slug)}` });
  const response = await fetch(`/_props/${REMOTE}/EnquiryForm?${query}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`Email Us form for ${slug}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

let registered = false;
function dialogModule() {
  if (!registered) {
    // Without force: a page whose form slot registered mf-forms keeps that build.
    registerRemotes([{ name: federationName(REMOTE), entry: remoteEntryUrl(REMOTE, formsBuild()) }]);
    registered = true;
  }
  return loadFragment({ remote: REMOTE, fragment: DIALOG });
}

const propsBySlug = new Map<string, Promise<Record<string, unknown>>>();
/** Props are fetched once per car and page view: a sent form leaves the page for /success. */
function propsFor(slug: string) {
  let props = propsBySlug.get(slug);
  if (!props) {
    props = formProps(slug).catch((error: unknown) => {
      propsBySlug.delete(slug);
      throw error;
    });
    propsBySlug.set(slug, props);
  }
  return props;
}

/** On approach: the dialog's code and this car's form, so the click opens at once. */
export function preloadEmailUs(slug: string): void {
  if (!slug) return;
  dialogModule().catch(() => undefined);
  propsFor(slug).catch(() => undefined);
}

let open = false;

/** Opens the Email Us dialog for the trigger's car; closing it returns focus to the trigger. Throws if it cannot load. */
export async function openEmailUs(trigger: HTMLElement, store: Store): Promise<void> {
  const slug = trigger.getAttribute(EMAIL_US_ATTRIBUTE) ?? "";
  if (open || !slug) return;
  open = true;
  try {
    const [Dialog, form] = await Promise.all([dialogModule(), propsFor(slug)]);
    const container = document.createElement("div");
    document.body.append(container);
    linkFragmentStyles(container, { remote: REMOTE, build: formsBuild() });
    const root = createRoot(container, { identifierPrefix: "email-us-" });
    const close = () => {
      root.unmount();
      container.remove();
      open = false;
      trigger.focus();
    };
    root.render(
      <Provider store={store}>
        <Dialog form={form} onClose={close} />
      </Provider>,
    );
  } catch (error) {
    open = false;
    throw error;
  }
}
