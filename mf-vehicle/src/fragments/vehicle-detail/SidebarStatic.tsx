import { EmailUsButton } from "@dealer/shared/email-us";
import { buttonClass, KeyFacts } from "@dealer/shared/ui";
import { CertifiedBrand } from "./CertifiedBrand";
import { PrintLink } from "./PrintLink";
import type { KeyFact, SidebarButton, VehicleStaticParts } from "./props";

/** Inline icons: decorative, so the label beside each carries the meaning. */
const ICON_PATHS: Record<KeyFact["icon"], string> = {
  km: "M12 4a9 9 0 0 0-9 9h2a7 7 0 0 1 14 0h2a9 9 0 0 0-9-9Zm0 10.5a1.5 1.5 0 1 0 0-3l3.5-4-5 3.6a1.5 1.5 0 0 0 1.5 3.4Z",
  transmission: "M5 4h2v7h4V4h2v7h4V4h2v9h-6v7h-2v-7H7v7H5z",
  body: "M3 15l2-6h14l2 6v3h-2a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H3zm4-4-1 3h12l-1-3z",
  fuel: "M6 3h8v8h1a2 2 0 0 1 2 2v4a1 1 0 0 0 2 0V9l-2-2 1-1 3 3v8a3 3 0 0 1-6 0v-4h-1v8H6z",
};

/** The actions a shopper comes for (ask, reserve, find a similar car) are filled; the others outlined. */
const PRIMARY_ACTIONS = new Set<SidebarButton["id"]>(["enquire", "reserve", "findSimilar"]);

/** Icon facts and the sidebar's buttons: plain links, so they need no JavaScript. */
export function SidebarStatic({ facts, buttons, testDriveOnly, certifiedManufacturer, printHref, dealerStockHref }: VehicleStaticParts) {
  return (
    <>
      {certifiedManufacturer && <CertifiedBrand manufacturer={certifiedManufacturer} />}
      {facts.length > 0 && (
        <KeyFacts
          facts={facts.map((fact) => ({
            label: fact.label,
            value: fact.value,
            icon: (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={ICON_PATHS[fact.icon]} fill="currentColor" />
              </svg>
            ),
          }))}
        />
      )}
      {testDriveOnly && (
        <p className="vehicle-detail__test-drive-only">
          This car is available for test drives only. <a href="#slot-enquiry">Book a Test Drive</a>
        </p>
      )}
      {buttons.length > 0 && (
        <ul className="vehicle-detail__actions">
          {buttons.map((button) => {
            const className = buttonClass({ variant: PRIMARY_ACTIONS.has(button.id) ? "primary" : "secondary", block: true }, `vehicle-action--${button.id}`);
            return (
              <li key={button.id}>
                {button.emailUs ? (
                  <EmailUsButton slug={button.emailUs} label={button.label} href={button.href} className={className} />
                ) : (
                  <a className={className} href={button.href} {...(button.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                    {button.label}
                  </a>
                )}
                {button.note && <p className="vehicle-action__note">{button.note}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <PrintLink href={printHref} />
      <a className="vehicle-detail__dealer-stock" href={dealerStockHref}>
        See more from this dealer
      </a>
    </>
  );
}
