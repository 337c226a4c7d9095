import { favouritesAtom, toggleFavouriteAtom } from "@dealer/shared/atoms";
import { slotImage } from "@dealer/shared/media";
import { vehiclePath } from "@dealer/shared/rules";
import { useDeviceList } from "@dealer/shared/saved-cars";
import { useSetAtom } from "jotai";

export type FavouritesPageProps = { searchPath: string };

/** /favourites: the favourite records this device keeps (spec §3), each a link to its car and a Remove button. */
export default function FavouritesPage({ searchPath }: FavouritesPageProps) {
  const favourites = useDeviceList(favouritesAtom);
  const toggle = useSetAtom(toggleFavouriteAtom);
  return (
    <section className="favourites-page" aria-labelledby="favourites-title" aria-busy={favourites === null}>
      <h1 id="favourites-title">Your favourites</h1>
      {favourites === null ? (
        <p className="favourites-page__status">Loading your favourites…</p>
      ) : favourites.length === 0 ? (
        <div className="favourites-page__empty">
          <p>You have no favourites yet. Choose Favourite on a car to keep it here.</p>
          <a className="button button--primary" href={searchPath}>
            Search our stock
          </a>
        </div>
      ) : (
        <ul className="saved-car-list">
          {favourites.map((favourite) => (
            <li key={favourite.id} className="saved-car" data-testid="favourite">
              {favourite.primary_image_url && <img className="saved-car__image" {...slotImage("saved", favourite.primary_image_url)} alt="" loading="lazy" />}
              <a className="saved-car__title" href={vehiclePath(favourite.slug)}>
                {favourite.name}
              </a>
              <p className="saved-car__subtitle">
                {favourite.make} {favourite.model}
              </p>
              <button type="button" className="button button--sm saved-car__remove" onClick={() => toggle(favourite)} aria-label={`Remove ${favourite.name} from favourites`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
