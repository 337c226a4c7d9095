import { watchlistAtom } from "@dealer/shared/atoms";
import { WatchlistButton } from "@dealer/shared/watchlist-button";
import { ALERT_CHANNELS, type AlertChannel, ALERTS_CONSENT_TEXTS, alertsOnText } from "@dealer/shared/rules";
import { useAtomValue } from "jotai";
import type { GarageCar, GarageProps } from "./props";

export type { GarageProps } from "./props";

function SavedCars({ cars }: { cars: GarageCar[] }) {
  // A car taken off the list here leaves the page at once (the same atom every watchlist button updates).
  const ids = useAtomValue(watchlistAtom);
  const shown = cars.filter((car) => ids.includes(car.id));
  if (!shown.length) return <p>No saved cars yet. Use ☆ Watchlist on any car to save it here.</p>;
  return (
    <ul className="garage__cars">
      {shown.map((car) => (
        <li key={car.id} className={car.sold ? "garage__car garage__car--sold" : "garage__car"}>
          {car.image && <img src={car.image} alt="" width={160} height={107} loading="lazy" />}
          <a href={car.href}>{car.name}</a>
          <span className="garage__price">{car.price}</span>
          {car.sold && <span className="garage__state">Sold</span>}
          <WatchlistButton carId={car.id} carName={car.name} inStock={car.inStock} />
        </li>
      ))}
    </ul>
  );
}

/** The signed-in shopper's watchlist page, or My garage: watchlist, saved searches and enquiries on this site. */
/** Alerts on (by the channel chosen) or off; turning them on picks SMS or, once confirmed, e-mail, each with its consent. */
function Alerts({ on, phone, email }: { on: AlertChannel | null; phone: string; email: string | null }) {
  if (on) {
    return (
      <form method="post" action="/api/alerts">
        <input type="hidden" name="opt_in" value="off" />
        <p>{alertsOnText(on)}</p>
        <button type="submit" className="button">
          Turn alerts off
        </button>
      </form>
    );
  }
  const to = { sms: `Text ${phone}`, email: email ? `E-mail ${email}` : "E-mail (add and confirm your address below)" };
  return (
    <form method="post" action="/api/alerts">
      <input type="hidden" name="opt_in" value="on" />
      <fieldset className="garage__channels">
        <legend>Send my alerts by</legend>
        {ALERT_CHANNELS.map((channel) => (
          <div key={channel} className="garage__channel">
            <input type="radio" id={`alerts-${channel}`} name="channel" value={channel} defaultChecked={channel === "sms"} disabled={channel === "email" && !email} />
            <label htmlFor={`alerts-${channel}`}>
              <strong>{to[channel]}</strong>: {ALERTS_CONSENT_TEXTS[channel]}
            </label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button">
        Turn alerts on
      </button>
    </form>
  );
}

/** The account's e-mail for alerts: an address, then the code sent to it (both plain form posts). */
function Email({ email }: { email: GarageProps["email"] }) {
  return (
    <>
      {email.confirmed && <p>Your confirmed e-mail: {email.confirmed}</p>}
      {email.notice && <p role="status">{email.notice}</p>}
      {email.error && (
        <p role="alert" className="garage__error">
          {email.error}
        </p>
      )}
      {email.pending && (
        <form method="post" action="/api/account/email/verify" className="garage__email-form">
          <label htmlFor="garage-email-code">Code we e-mailed to {email.pending}</label>
          <input id="garage-email-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <button type="submit" className="button">
            Confirm e-mail
          </button>
        </form>
      )}
      <form method="post" action="/api/account/email" className="garage__email-form">
        <label htmlFor="garage-email">{email.confirmed ? "Change your e-mail address" : "E-mail address for alerts"}</label>
        <input id="garage-email" name="email" type="email" autoComplete="email" maxLength={254} required />
        <button type="submit" className="button">
          {email.pending ? "Send a new code" : "Send me a code"}
        </button>
      </form>
    </>
  );
}

export default function Garage({ view, phone, cars, searches, enquiries, alerts, email }: GarageProps) {
  if (view === "watchlist") {
    return (
      <section className="garage" aria-labelledby="garage-title">
        <h1 id="garage-title">My watchlist</h1>
        <SavedCars cars={cars} />
      </section>
    );
  }
  return (
    <section className="garage" aria-labelledby="garage-title">
      <h1 id="garage-title">My garage</h1>
      <div className="garage__account">
        <p>Signed in as {phone}.</p>
        <form method="post" action="/api/auth/sign-out">
          <input type="hidden" name="redirect" value="/" />
          <button type="submit" className="button button--tertiary">
            Sign out
          </button>
        </form>
      </div>
      <h2 id="watchlist">Watchlist</h2>
      <SavedCars cars={cars} />
      <h2 id="alerts">Price-drop and sold alerts</h2>
      <Alerts on={alerts} phone={phone} email={email.confirmed} />
      <h2 id="email">E-mail</h2>
      <Email email={email} />
      <h2 id="saved-searches">Saved searches</h2>
      {searches.length ? (
        <ul className="garage__searches">
          {searches.map((search) => (
            <li key={search.id}>
              <a href={search.href}>{search.label}</a>
              <form method="post" action="/api/saved-searches/remove">
                <input type="hidden" name="id" value={search.id} />
                <button type="submit" className="button button--tertiary" aria-label={`Remove saved search: ${search.label}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p>No saved searches yet. Use Save this search on the search page.</p>
      )}
      <h2 id="enquiries">My enquiries</h2>
      {enquiries.length ? (
        <ul className="garage__enquiries">
          {enquiries.map((enquiry) => (
            <li key={enquiry.id}>{`${enquiry.date}: ${enquiry.kind}${enquiry.car ? ` about the ${enquiry.car}` : ""}`}</li>
          ))}
        </ul>
      ) : (
        <p>No enquiries from {phone} yet.</p>
      )}
    </section>
  );
}
