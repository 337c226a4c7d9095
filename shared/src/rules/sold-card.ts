/**
 * A sold car's card (spec §4): its line and the button that asks for something similar. A module of their own, so the
 * search page's first load takes these words without the button rules (and their finance rules) behind them.
 */
export const SOLD_CARD_TEXT = "Like this and want something similar?";
export const FIND_SIMILAR_LABEL = "Find Me Something Similar";
