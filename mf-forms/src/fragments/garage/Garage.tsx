import { watchlistAtom } from "@dealer/shared/atoms";
import { WatchlistButton } from "@dealer/shared/watchlist-button";
import { ALERTS_CONSENT_TEXT } from "@dealer/shared/rules";
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
function Alerts({ on }: { on: boolean }) {
  return (
    <form method="post" action="/api/alerts">
      <input type="hidden" name="opt_in" value={on ? "off" : "on"} />
      <p>{on ? "Alerts are on: we text you when a car on your watchlist drops in price or sells." : ALERTS_CONSENT_TEXT}</p>
      <button type="submit" className="button">
        {on ? "Turn alerts off" : "Turn alerts on"}
      </button>
    </form>
  );
}

export default function Garage({ view, phone, cars, searches, enquiries, alerts }: GarageProps) {
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
          <button type="submit" className="link-button">
            Sign out
          </button>
        </form>
      </div>
      <h2 id="watchlist">Watchlist</h2>
      <SavedCars cars={cars} />
      <h2 id="alerts">Price-drop and sold alerts</h2>
      <Alerts on={alerts} />
      <h2 id="saved-searches">Saved searches</h2>
      {searches.length ? (
        <ul className="garage__searches">
          {searches.map((search) => (
            <li key={search.id}>
              <a href={search.href}>{search.label}</a>
              <form method="post" action="/api/saved-searches/remove">
                <input type="hidden" name="id" value={search.id} />
                <button type="submit" className="link-button" aria-label={`Remove saved search: ${search.label}`}>
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
