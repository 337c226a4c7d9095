/** The spec's analytics event for the finance calculator's first interaction, sent through @dealer/shared/analytics. */
export const FINANCE_CALCULATOR_EVENT_ID = 26;
