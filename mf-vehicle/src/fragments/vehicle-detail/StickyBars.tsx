import { type ComponentType, useEffect, useState } from "react";
import type { StickyHeaderProps } from "./StickyHeader";

/** Sticky header after 500 px of scrolling; the phone bar opens after 900 px (spec constants). */
export const STICKY_HEADER_AFTER_PX = 500;
export const STICKY_BAR_OPEN_AFTER_PX = 900;

export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px]);
  return past;
}

/** The sticky header's code loads the first time the shopper scrolls past 500 px; until then there is nothing to show. */
export function LazyStickyHeader(props: StickyHeaderProps) {
  const shown = useScrolledPast(STICKY_HEADER_AFTER_PX);
  const [Header, setHeader] = useState<ComponentType<StickyHeaderProps> | null>(null);
  useEffect(() => {
    if (shown && !Header) void import("./StickyHeader").then((module) => setHeader(() => module.StickyHeader));
  }, [shown, Header]);
  return Header ? <Header {...props} /> : null;
}
