export type ReviewCard = { id: string; name: string; text: string; rating: number; when: string | null; reply: string | null };

export type ReviewsSummaryProps = {
  /** False when the dealer hides reviews or the average is not above its minimum. */
  shown: boolean;
  view: "block" | "page";
  summary: { count: number; average: number };
  reviews: ReviewCard[];
};
