import { COPIED_TEXT } from "@dealer/shared/rules";
import { type MouseEvent, useEffect, useState } from "react";
import { VEHICLE_EVENTS } from "../../analytics-events";

type Target = { id: string; label: string; href: (url: string, text: string) => string; popup?: boolean };

const TARGETS: Target[] = [
  { id: "facebook", label: "Facebook", href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`, popup: true },
  { id: "twitter", label: "Twitter", href: (url, text) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`, popup: true },
  { id: "whatsapp", label: "WhatsApp", href: (url, text) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
  { id: "email", label: "Email", href: (url, text) => `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}` },
  { id: "sms", label: "SMS", href: (url, text) => `sms:?&body=${encodeURIComponent(`${text} ${url}`)}` },
];

const loadActions = () => import("./share-actions");

/** Share links (popups 550x400), copy link with 'Copied' and a toast, and the Web Share API on phones. */
export type ShareBarProps = { title: string; path: string; hideTwitter: boolean };

export function ShareBar({ title, path, hideTwitter }: ShareBarProps) {
  // The server knows the path only; the browser completes the address once it runs.
  const [url, setUrl] = useState(path);
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    setUrl(new URL(path, window.location.origin).toString());
    setCanShare(typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches);
  }, [path]);

  const onPopup = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    void loadActions().then((actions) => actions.openSharePopup(href));
  };
  const copy = () => void loadActions().then((actions) => actions.copyCarLink(url, title, { copied: setCopied, toast: setToast }));
  const nativeShare = () => navigator.share({ title, url }).catch((error: unknown) => console.warn("[vehicle] share cancelled", error));

  return (
    <section className="vehicle-share" aria-label="Share this vehicle">
      <h2 className="vehicle-share__title">Share</h2>
      <ul className="vehicle-share__list">
        {canShare && (
          <li>
            <button type="button" className="button button--sm" onClick={nativeShare} data-analytics-event={VEHICLE_EVENTS.share}>
              Share…
            </button>
          </li>
        )}
        {TARGETS.filter((target) => !(hideTwitter && target.id === "twitter")).map((target) => (
          <li key={target.id}>
            <a
              className={`button button--sm vehicle-share__button--${target.id}`}
              href={target.href(url, title)}
              data-analytics-event={VEHICLE_EVENTS.share}
              {...(target.popup ? { onClick: onPopup, target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {target.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="button button--sm" onClick={copy} data-analytics-event={VEHICLE_EVENTS.share}>
            {copied ? COPIED_TEXT : "Copy link"}
          </button>
        </li>
      </ul>
      <p className="ui-toast vehicle-share__toast" role="status">
        {toast}
      </p>
    </section>
  );
}
