export type ReviewCard = { id: string; name: string; text: string; rating: number; when: string | null; reply: string | null };

export type ReviewsSummaryProps = {
  /** False when the dealer hides reviews or the average is not above its minimum. */
  shown: boolean;
  view: "block" | "page";
  summary: { count: number; average: number };
  reviews: ReviewCard[];
  /** The reviews page's place in the visible reviews (null on the block). */
  paging: { page: number; pages: number; total: number } | null;
  /** The site's locations to narrow the reviews page by, and the chosen one's slug ("" for all). */
  locations: Array<{ slug: string; name: string }>;
  location: string;
};
