import { useState } from "react";

/** Print opens the browser's dialog (the print stylesheet lays the sheet out); the PDF downloads with 'Preparing...' meanwhile. */
export function PrintActions({ slug }: { slug: string }) {
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    try {
      const response = await fetch(`/cars/${encodeURIComponent(slug)}/pdf`);
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        const message = typeof body === "object" && body !== null && "message" in body ? String(body.message) : `The PDF could not be made (${response.status}).`;
        throw new Error(message);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: `${slug}.pdf` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      // Spec §8: a failed PDF is reported in a browser alert.
      alert(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <div className="vehicle-print__actions">
      <button type="button" className="button" onClick={() => window.print()}>
        Print this page
      </button>
      <button type="button" className="button" onClick={download} disabled={preparing} aria-busy={preparing}>
        {preparing ? "Preparing..." : "Download PDF"}
      </button>
    </div>
  );
}
