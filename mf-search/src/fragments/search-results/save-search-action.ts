import { GARAGE_PATH } from "@dealer/shared/rules";

type ShowToast = (toast: { title: string; body: string; action: { label: string; href: string } }) => void;

/** Saves the /search query to My garage with a JSON call: a toast, or the server's message in an alert (loaded on submit). */
export async function saveSearch(query: string, showToast: ShowToast): Promise<void> {
  const response = await fetch("/api/saved-searches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) }).catch(() => null);
  const answer = (await response?.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  if (!answer?.success) {
    window.alert(answer?.message ?? "Sorry, we couldn't save this search. Please try again.");
    return;
  }
  showToast({ title: "Search saved", body: "Find it again in My garage.", action: { label: "My garage", href: `${GARAGE_PATH}#saved-searches` } });
}
