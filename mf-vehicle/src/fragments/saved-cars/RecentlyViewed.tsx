import { viewedCarsAtom } from "@dealer/shared/atoms";
import { useDeviceList } from "@dealer/shared/saved-cars";
import { useVehicleSummaries } from "./use-vehicle-summaries";

export type RecentlyViewedProps = Record<string, never>;

/**
 * Recently viewed, from the viewed-car records the vehicle page keeps on the device. Below the fold on the home and
 * search pages: its slot hydrates as the shopper nears it, then it asks for those cars; nothing shows until there are
 * some (an error, too, just leaves it out).
 */
export default function RecentlyViewed(_props: RecentlyViewedProps) {
  const viewed = useDeviceList(viewedCarsAtom);
  const { status, cars } = useVehicleSummaries(viewed?.map((record) => record.id) ?? []);
  if (status !== "data" || cars.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title">Recently viewed</h2>
      <ul className="saved-car-list saved-car-list--strip">
        {cars.map((car) => (
          <li key={car.id} className="saved-car" data-testid="recently-viewed-car">
            {car.pictures && <img className="saved-car__image" {...car.pictures.saved} alt="" loading="lazy" />}
            <a className="saved-car__title" href={car.path}>
              {car.title}
            </a>
            <p className="saved-car__price">
              {car.priceText}
              {car.priceType && <span className="saved-car__price-type"> {car.priceType}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
