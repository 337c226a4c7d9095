import { escapeMarkup } from "@dealer/shared/http";

/** What a disabled site's hosts answer (503, so search engines keep the site's pages for its return). */
export function holdingPage(siteName: string): string {
  const name = escapeMarkup(siteName);
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${name} is unavailable</title></head><body><main><h1>${name} is unavailable</h1><p>This dealer's website is not available at the moment. Please call the dealership or visit again later.</p></main></body></html>`;
}

/** The same for the site's APIs (a form's script, a stock feed, a search), as JSON they can read. */
export const holdingAnswer = (siteName: string) => ({ message: `${siteName} is unavailable at the moment: it takes no requests.`, status: 503 });
