import { mapTileUrl } from "@dealer/shared/media";
import {
  fitView,
  groupNearby,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  type MapView,
  panBy,
  type Point,
  type Size,
  toViewport,
  visibleTiles,
  zoomAround,
} from "@dealer/shared/rules";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { LocationCardView } from "../locations/card";
import { MAP_INSETS, MAP_PICTURE_SIZE, PIN_BOX } from "../locations/maps";
import { MapCard } from "./MapCard";
import type { MapViewProps } from "./types";

/** Pixels an arrow key moves the map. */
const KEY_STEP = 80;
/** A pinch zooms one step each time the fingers' distance grows or shrinks by this factor. */
const PINCH_STEP = 1.5;
/** Wheels and trackpads send many events a notch: one zoom step at most this often. */
const WHEEL_GAP_MS = 250;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const place = (point: Point) => ({ transform: `translate(${point.x}px, ${point.y}px)` });

type Placed = { location: LocationCardView; at: Point };

/**
 * The platform's interactive map (its own chunk, loaded as the map nears the viewport; ADR 0050): the base map's
 * tiles, a pin button per location, drag, wheel, pinch, +/- buttons and keys. The list beside it is its text
 * alternative; each pin opens the location's card.
 */
export function InteractiveMap({ map, locations, selected, onSelect, label }: MapViewProps) {
  const id = useId();
  const surface = useRef<HTMLElement>(null);
  const [size, setSize] = useState<Size>(MAP_PICTURE_SIZE);
  const [view, setView] = useState<MapView>(map.view);
  const pointers = useRef(new Map<number, Point>());
  const pinchFrom = useRef<number | null>(null);
  const lastWheel = useRef(0);
  // Until the shopper moves the map, it keeps every location fitted to its size as the page resizes.
  const moved = useRef(false);
  const move = (next: (current: MapView) => MapView) => {
    moved.current = true;
    setView(next);
  };

  // Measured before the first paint: drawn at the server picture's size, pins would stand outside a narrower surface.
  useLayoutEffect(() => {
    const el = surface.current;
    if (!el) return;
    const measure = () => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      if (!next.width || !next.height) return;
      setSize(next);
      if (!moved.current) setView(fitView(locations.map((location) => location.position), next, MAP_INSETS));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [locations]);

  // A location chosen in the list is brought into view when its pin is outside it.
  useEffect(() => {
    const chosen = locations.find((location) => location.id === selected);
    if (!chosen) return;
    setView((current) => {
      const at = toViewport(chosen.position, current, size);
      if (at.x >= 24 && at.y >= 48 && at.x <= size.width - 24 && at.y <= size.height - 8) return current;
      moved.current = true;
      return { ...current, ...chosen.position };
    });
  }, [selected, locations, size]);

  const zoomBy = (step: number, anchor: Point = { x: size.width / 2, y: size.height / 2 }) =>
    move((current) => zoomAround(current, current.zoom + step, anchor, size));

  // The wheel zooms once the shopper is using the map (focus inside it) or holds Ctrl; otherwise it scrolls the page.
  useEffect(() => {
    const el = surface.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !el.contains(document.activeElement)) return;
      event.preventDefault();
      if (event.timeStamp - lastWheel.current < WHEEL_GAP_MS || event.deltaY === 0) return;
      lastWheel.current = event.timeStamp;
      const box = el.getBoundingClientRect();
      const anchor = { x: event.clientX - box.left, y: event.clientY - box.top };
      moved.current = true;
      setView((current) => zoomAround(current, current.zoom + (event.deltaY < 0 ? 1 : -1), anchor, { width: box.width, height: box.height }));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if ((event.target as Element).closest("button, a")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    pinchFrom.current = a && b ? distance(a, b) : null;
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const [a, b] = [...pointers.current.values()];
    if (a && b && pinchFrom.current) {
      const apart = distance(a, b);
      const ratio = apart / pinchFrom.current;
      if (ratio > PINCH_STEP || ratio < 1 / PINCH_STEP) {
        const box = event.currentTarget.getBoundingClientRect();
        zoomBy(ratio > 1 ? 1 : -1, { x: (a.x + b.x) / 2 - box.left, y: (a.y + b.y) / 2 - box.top });
        pinchFrom.current = apart;
      }
      return;
    }
    move((current) => panBy(current, now.x - before.x, now.y - before.y));
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinchFrom.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [KEY_STEP, 0], ArrowRight: [-KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] };
    const step = moves[event.key];
    if (step) move((current) => panBy(current, ...step));
    else if (event.key === "+" || event.key === "=") zoomBy(1);
    else if (event.key === "-" || event.key === "_") zoomBy(-1);
    else if (event.key === "Escape" && selected !== null) onSelect(null);
    else return;
    event.preventDefault();
  };

  // A cluster zooms to its locations; where they share a spot even at the closest zoom, it opens them in turn.
  const openCluster = (group: Placed[]) => {
    const fitted = fitView(group.map((pin) => pin.location.position), size, MAP_INSETS);
    if (fitted.zoom > view.zoom) return move(() => fitted);
    if (view.zoom < MAP_MAX_ZOOM) return zoomBy(1, group[0]?.at);
    const open = group.findIndex((pin) => pin.location.id === selected);
    onSelect(group[(open + 1) % group.length]?.location.id ?? null);
  };

  // A pin off the map is left out, so Tab never lands on a control nobody can see.
  const placed = locations
    .map((location) => ({ location, at: toViewport(location.position, view, size) }))
    .filter(({ at }) => at.x >= 0 && at.y >= 0 && at.x <= size.width && at.y <= size.height);
  const groups = groupNearby(placed, (pin) => pin.at, PIN_BOX);
  const tiles = visibleTiles(view, size);
  const chosen = locations.find((location) => location.id === selected);
  const cardId = `${id}-card`;
  return (
    <>
      <div className="locations-map__frame">
      <section
        ref={surface}
        className="locations-map__surface"
        aria-roledescription="map"
        aria-label={label}
        aria-describedby={`${id}-help`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans and zooms from the keyboard once focused
        tabIndex={0}
        data-zoom={view.zoom}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="locations-map__tiles" aria-hidden="true">
          {tiles.map((tile) => (
            <img
              key={`${tile.z}/${tile.x}/${tile.y}`}
              src={mapTileUrl(tile.z, tile.x, tile.y)}
              alt=""
              width={256}
              height={256}
              draggable={false}
              // Whole pixels: tiles at a fractional offset show hairline seams between them.
              style={{ transform: `translate(${Math.round(tile.left)}px, ${Math.round(tile.top)}px)` }}
            />
          ))}
        </div>
        {groups.map((group) => {
          const [first] = group;
          if (!first) return null;
          if (group.length > 1) {
            const names = group.map((pin) => pin.location.name);
            return (
              <button
                key={`cluster-${first.location.id}`}
                type="button"
                className="map-pin map-pin--cluster"
                aria-label={`${group.length} locations: ${names.join(", ")}. Zoom in to them`}
                data-count={group.length}
                data-selected={group.some((pin) => pin.location.id === selected) ? "true" : undefined}
                style={place(first.at)}
                onClick={() => openCluster(group)}
              >
                <span aria-hidden="true">{group.length}</span>
              </button>
            );
          }
          const { location } = first;
          return (
            <button
              key={location.id}
              type="button"
              className="map-pin"
              aria-label={location.name}
              aria-expanded={selected === location.id}
              aria-controls={selected === location.id ? cardId : undefined}
              data-selected={selected === location.id ? "true" : undefined}
              style={place(first.at)}
              onClick={() => onSelect(selected === location.id ? null : location.id)}
            />
          );
        })}
      </section>
      <div className="locations-map__zoom">
        <button type="button" className="button button--icon" aria-label="Zoom in" disabled={view.zoom >= MAP_MAX_ZOOM} onClick={() => zoomBy(1)}>
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className="button button--icon" aria-label="Zoom out" disabled={view.zoom <= MAP_MIN_ZOOM} onClick={() => zoomBy(-1)}>
          <span aria-hidden="true">−</span>
        </button>
      </div>
      <p id={`${id}-help`} className="visually-hidden">
        Drag, or use the arrow keys, to move the map; plus and minus zoom. Each pin opens its location; every location is also listed below the map.
      </p>
      </div>
      {chosen ? <MapCard id={cardId} card={chosen} onClose={() => onSelect(null)} /> : null}
    </>
  );
}
