import { FEATURE_LIST_INITIAL, SPEC_GRID_INITIAL } from "@dealer/shared/rules";
import type { ReactNode } from "react";
import { ServerOnly } from "../../components/ServerOnly";
import type { InfoRow, VehicleInfoProps } from "./view-model";

/** A no-JavaScript Show More: a native disclosure whose label the stylesheet swaps when open. */
function MoreToggle({ more, less, children }: { more: string; less: string; children: ReactNode }) {
  return (
    <details className="vehicle-more">
      <summary className="vehicle-more__toggle">
        <span className="vehicle-more__more">{more}</span>
        <span className="vehicle-more__less">{less}</span>
      </summary>
      {children}
    </details>
  );
}

function Rows({ rows, className }: { rows: InfoRow[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label} className={`${className}-row`}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Sections(props: VehicleInfoProps) {
  const { keyInformation, details, features, comments, tabs, marketIndicator, instantValuation, disclaimer } = props;
  const [firstFacts, moreFacts] = [keyInformation.slice(0, SPEC_GRID_INITIAL), keyInformation.slice(SPEC_GRID_INITIAL)];
  const [firstFeatures, moreFeatures] = [features.slice(0, FEATURE_LIST_INITIAL), features.slice(FEATURE_LIST_INITIAL)];
  return (
    <>
      {marketIndicator && (
        <p className="vehicle-market">
          <span className="vehicle-market__badge">Below market price</span>{" "}
          <span className="vehicle-market__tip-anchor">
            <button type="button" className="vehicle-market__info" aria-describedby="vehicle-market-tip">
              What does this mean?
            </button>
            <span id="vehicle-market-tip" role="tooltip" className="vehicle-market__tip">
              {`This car is priced more than $499 below the average market price of ${marketIndicator.average} in ${marketIndicator.scope}.`}
            </span>
          </span>
        </p>
      )}
      {keyInformation.length > 0 && (
        <section className="vehicle-info__section" aria-labelledby="vehicle-key-information">
          <h2 id="vehicle-key-information">Key information</h2>
          <Rows rows={firstFacts} className="vehicle-spec-grid" />
          {moreFacts.length > 0 && (
            <MoreToggle more="Show More" less="Show Less">
              <Rows rows={moreFacts} className="vehicle-spec-grid" />
            </MoreToggle>
          )}
        </section>
      )}
      {details.length > 0 && (
        <section className="vehicle-info__section" aria-labelledby="vehicle-details">
          <h2 id="vehicle-details">Vehicle details</h2>
          <Rows rows={details} className="vehicle-details-list" />
        </section>
      )}
      {features.length > 0 && (
        <section className="vehicle-info__section" aria-labelledby="vehicle-features">
          <h2 id="vehicle-features">Features</h2>
          <ul className="vehicle-features">
            {firstFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {moreFeatures.length > 0 && (
            <MoreToggle more="Show All" less="Hide">
              <ul className="vehicle-features">
                {moreFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </MoreToggle>
          )}
        </section>
      )}
      <section className="vehicle-info__section vehicle-comments" aria-labelledby="vehicle-comments">
        <h2 id="vehicle-comments">Dealer comments</h2>
        {comments.excerpt ? (
          <>
            <p className="vehicle-comments__excerpt">{comments.excerpt}</p>
            <MoreToggle more="Read More" less="Read Less">
              {comments.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </MoreToggle>
          </>
        ) : (
          comments.paragraphs.map((paragraph) => (
            <p key={paragraph} className={comments.pending ? "vehicle-comments__pending" : undefined}>
              {paragraph}
            </p>
          ))
        )}
      </section>
      {instantValuation && (
        <section className="vehicle-info__section vehicle-valuation" aria-labelledby="vehicle-instant-valuation" data-testid="instant-valuation">
          <h2 id="vehicle-instant-valuation">Instant valuation and finance eligibility</h2>
          <p>Value your trade-in in minutes and check what you can borrow for this car, with no impact on your credit score.</p>
          <p className="vehicle-banner">
            <a className="vehicle-banner__item" href={instantValuation.tradeInHref}>
              Get an instant valuation
            </a>
            <a className="vehicle-banner__item" href={instantValuation.financeHref}>
              Check finance eligibility
            </a>
          </p>
        </section>
      )}
      {tabs.length > 0 && (
        <section className="vehicle-info__section" aria-labelledby="vehicle-specifications">
          <h2 id="vehicle-specifications">Specifications</h2>
          <div className="vehicle-accordion">
            {tabs.map((tab) => (
              <details key={tab.id} className="vehicle-accordion__item" name="vehicle-specifications">
                <summary className="vehicle-accordion__title">{tab.title}</summary>
                <Rows rows={tab.rows} className="vehicle-details-list" />
              </details>
            ))}
          </div>
        </section>
      )}
      <section className="vehicle-info__section vehicle-why" aria-labelledby="vehicle-why-buy">
        <h2 id="vehicle-why-buy">Why Buy From Us?</h2>
        <ul className="vehicle-why__list">
          <li>48 hour money-back guarantee on used cars</li>
          <li>Every car inspected before it is offered for sale</li>
          <li>Finance and trade-in valuations in one visit</li>
          <li>Delivery Australia-wide</li>
        </ul>
      </section>
      <nav className="vehicle-banner" aria-label="More from us">
        <a className="vehicle-banner__item" href="/special-offers">
          Latest offers
        </a>
        <a className="vehicle-banner__item" href="/service">
          Book a service
        </a>
        <a className="vehicle-banner__item" href="/trade-in">
          Sell your car
        </a>
      </nav>
      <p className="vehicle-info__disclaimer">{disclaimer}</p>
    </>
  );
}

/** The server's render of the info sections; the browser build (VehicleInfo.tsx) keeps this markup as it is. */
export default function VehicleInfoServer(props: VehicleInfoProps) {
  return (
    <ServerOnly className="vehicle-info">
      <Sections {...props} />
    </ServerOnly>
  );
}
