import { z } from "zod";

/**
 * A secret slot's name: how a site's settings refer to one of its own secrets (ADR 0056). Its own module, as the
 * settings schema reaches the browser and the sealing code need not.
 */
export const SECRET_SLOT_MESSAGE = "Name one of this site's secret slots: lower-case letters, digits and hyphens, such as mail-api-key.";
export const secretSlotSchema = z.string().regex(/^[a-z][a-z0-9-]{0,99}$/, SECRET_SLOT_MESSAGE);
