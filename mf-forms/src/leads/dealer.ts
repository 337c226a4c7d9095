/** Who a dealership key with the leads:read scope, or a signed-in staff member, speaks for (the lead API, chat replies). */
export type Dealer = { site: string; dealershipId: number; dealershipSlug: string; dealershipName: string };
