import type { SiteTemplate } from "@dealer/shared/contract";
import { CAR_NOUN } from "@dealer/shared/rules";

const NOUNS: Partial<Record<SiteTemplate, string>> = { motorcycle: "Motorcycle", truck: "Truck", caravan: "Caravan" };

/** The site's word for what it sells, for 'View {carType}s In This Range' when no single body type is chosen. */
export const vehicleNoun = (template: SiteTemplate): string => NOUNS[template] ?? CAR_NOUN;
