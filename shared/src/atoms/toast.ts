import { atom } from "jotai";

/** A toast the shell shows; at most one at a time (a new one replaces the one showing). */
export type Toast = { title: string; body: string; action?: { label: string; href: string } };
export const toastAtom = atom<Toast | null>(null);
