/** "17:30" -> "5:30 PM", as opening hours are shown. */
export function twelveHourTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
