import type { PageConfig } from "@dealer/shared/config";
import { EmailUsButton } from "@dealer/shared/email-us";
import { FIND_SIMILAR_LABEL, formatMoney, formatNumber, SOLD_CARD_TEXT } from "@dealer/shared/rules";
import { certifiedBadgeUrl } from "@dealer/shared/media";
import { Fragment, useContext } from "react";
import { WatchlistButton } from "@dealer/shared/watchlist-button";
import { CardTow } from "./card-tow";
import { CardSavedToggles } from "./CardSavedToggles";
import { FINANCE_DISCLAIMER_ID } from "./Pagination";
import type { ResultCard } from "./result-card";

/** Cards in the first row (up to three columns) hold the LCP image: eager and high priority; the rest load lazily. */
const FIRST_ROW = 3;

function Price({ price, priceType }: Pick<ResultCard, "price" | "priceType">) {
  switch (price.kind) {
    case "subscription":
      return (
        <span className="card__price">
          {formatMoney(price.amount)}
          {price.suffix} <span className="card__price-type">{priceType}</span>
        </span>
      );
    case "price":
      return (
        <span className="card__price">
          {price.struckBeforePrice !== null && <s className="card__before-price">{formatMoney(price.struckBeforePrice)}</s>} {formatMoney(price.amount)}{" "}
          <span className="card__price-type">{priceType}</span>
        </span>
      );
    default:
      return <span className="card__price card__price--text">{price.text}</span>;
  }
}

function Card({ card, index }: { card: ResultCard; index: number }) {
  const first = index < FIRST_ROW;
  const tow = useContext(CardTow);
  return (
    <li className={card.inStock ? "card" : "card card--sold"}>
      <a className="card__link" href={card.href} data-car-id={card.id}>
        {card.image && (
          <img
            className="card__image"
            {...card.image}
            alt=""
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            decoding="async"
          />
        )}
        {card.tag.kind === "certified" ? (
          <img className="card__tag card__tag--certified" src={certifiedBadgeUrl()} alt={card.tag.label} width={80} height={24} />
        ) : (
          card.tag.kind !== "none" && <span className={`card__tag card__tag--${card.tag.kind}`}>{card.tag.label}</span>
        )}
        <h2 className="card__title">{card.title}</h2>
        <p className="card__subtitle">{card.subtitle}</p>
      </a>
      <Price price={card.price} priceType={card.priceType} />
      {card.repayment && (
        <>
          <p className="card__finance">
            {`Finance ${card.repayment.text}`} <span className="card__finance-rates">{`at ${card.repayment.rates}`}</span>
          </p>
          {/* The figure's terms and a reference to the disclaimer the page states once (ADR 0065). */}
          <p className="card__finance-terms">
            {card.repayment.terms}
            <a className="finance-star" href={`#${FINANCE_DISCLAIMER_ID}`} aria-label="See the finance disclaimer">
              *
            </a>
          </p>
        </>
      )}
      <ul className="card__facts" aria-label="Key facts">
        {card.km !== null && <li>{formatNumber(card.km)} km</li>}
        {card.transmission && <li>{card.transmission}</li>}
        {card.body && <li>{card.body}</li>}
      </ul>
      {tow && <tow.Verdict atm={card.atm} capacityKg={tow.capacityKg} />}
      <CardSavedToggles card={card} />
      <WatchlistButton carId={card.id} carName={card.saved.name} inStock={card.inStock} className="button card__watchlist" />
      {card.inStock && <EmailUsButton slug={card.saved.slug} ariaLabel={`Email Us about the ${card.title}`} className="button card__email-us" />}
      {!card.inStock && (
        <p className="card__sold">
          {SOLD_CARD_TEXT}{" "}
          {/* Spec §4: the car's enquiry form, which asks for something similar (Email Us dialog, else the car page's form). */}
          <EmailUsButton slug={card.saved.slug} label={FIND_SIMILAR_LABEL} ariaLabel={`${FIND_SIMILAR_LABEL} to the ${card.title}`} className="card__find-similar" />
        </p>
      )}
    </li>
  );
}

type Promo = PageConfig["search"]["promoCards"][number];

function PromoCard({ promo }: { promo: Promo }) {
  return (
    <li className="card card--promo">
      <h2 className="card__promo-title">{promo.title}</h2>
      <p className="card__promo-text">{promo.text}</p>
      <a className="button button--primary card__promo-link" href={promo.href}>
        {promo.title}
      </a>
    </li>
  );
}

/** Result cards, with the site's promo cards at their positions (first page only). */
export function ResultGrid({ cards, promos, className = "search-results__grid" }: { cards: ResultCard[]; promos: Promo[]; className?: string }) {
  return (
    <ul className={className}>
      {cards.map((card, index) => (
        <Fragment key={card.id}>
          {promos.filter((promo) => promo.position === index).map((promo) => <PromoCard key={promo.title} promo={promo} />)}
          <Card card={card} index={index} />
        </Fragment>
      ))}
    </ul>
  );
}
