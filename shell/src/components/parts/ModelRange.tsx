import { modelAccessoriesPath, pathSegment, type RangeModel, searchLandingPath } from "@dealer/shared/rules";
import { useShellSite } from "../use-shell-site";

/**
 * /models?body={body}: the site's model range (in stock and shown), filtered by a body it stocks. No body, or one
 * the site does not stock, lists every model and says so; a body with no models is an empty state, not an error.
 */
export function ModelRange({ models, bodies, body, asked }: { models: RangeModel[]; bodies: string[]; body: string | null; asked: boolean }) {
  const { config } = useShellSite();
  const base = config.search.landingBase;
  return (
    <section className="model-range" aria-labelledby="model-range-title">
      <h1 id="model-range-title">{body ? `${body} models` : "Our models"}</h1>
      {asked && !body ? <p className="model-range__note" role="status">We have no cars of that body type in stock: here is our whole range.</p> : null}
      {bodies.length ? (
        <nav aria-label="Body types">
          <ul className="model-range__bodies">
            <li>
              <a href="/models" aria-current={body ? undefined : "page"}>
                All
              </a>
            </li>
            {bodies.map((name) => (
              <li key={name}>
                <a href={`/models?body=${encodeURIComponent(pathSegment(name))}`} aria-current={name === body ? "page" : undefined}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {models.length ? (
        <ul className="brand-grid">
          {models.map((entry) => (
            <li key={`${entry.make} ${entry.model}`} className="brand-tile model-tile">
              <a href={searchLandingPath({ make: entry.make, model: entry.model }, { landingBase: base })}>
                <span className="model-tile__make">{entry.make}</span>
                <span className="brand-tile__title">{entry.model}</span>
              </a>
              <a className="model-tile__accessories" href={modelAccessoriesPath(entry)}>
                {`${entry.model} accessories`}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="model-range__empty">No models in stock right now. Try another body type, or see all our stock.</p>
      )}
    </section>
  );
}

/** /{model-slug}/accessories: the model's heading above the parts directory and the parts enquiry form. */
export function ModelAccessoriesIntro({ model }: { model: RangeModel }) {
  const { config } = useShellSite();
  return (
    <div className="page-intro">
      <h1>{`${model.make} ${model.model} accessories`}</h1>
      <p>{`Genuine accessories for your ${model.model}, ordered and fitted by our parts team. Search them below or ask us for a quote.`}</p>
      <p>
        <a href={searchLandingPath({ make: model.make, model: model.model }, config.search)}>{`${model.model} stock`}</a>
        {" · "}
        <a href="/models">All models</a>
      </p>
    </div>
  );
}
