/** InstantChat's props (ADR 0049): null car when the site has no chat (the slot then renders nothing). */
export type InstantChatProps = {
  car: { id: number; title: string; dealershipId: number; dealershipName: string } | null;
  /** The site's consent rules, as its lead forms apply them. */
  termsRequired: boolean;
  optInDefault: boolean;
};
