import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import { findSpinEntry } from "../../promotions/spin-api";
import SpinToWin, { type SpinToWinProps } from "./SpinToWin";

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "Australia/Brisbane" });

async function loadSpinToWin(request: FragmentRequest, env: Env): Promise<SpinToWinProps> {
  const userId = request.session.userId;
  // The gateway sends anonymous shoppers to sign-in first; a render without a session offers the spin, which asks to sign in.
  const entry = userId ? await findSpinEntry(env.DB, request.site.slug, userId) : null;
  return { entry: entry ? { prize: entry.prize, date: dateFormat.format(new Date(entry.created_at)) } : null };
}

export const spinToWinFragment: FragmentDefinition<SpinToWinProps, Env> = { load: loadSpinToWin, Component: SpinToWin };
