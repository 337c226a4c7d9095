/** Postcode messages, zod-free so browser code (the delivery calculator) can show them without the schemas. */
export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
/** Delivery calculator: the postcode is required. */
export const DELIVERY_POSTCODE_REQUIRED = "Please enter a postcode.";
