import { SPIN_PRIZES, SPIN_TERMS } from "@dealer/shared/rules";
import { SUBMIT_BUTTON_CLASS } from "../submit-button";

export type SpinToWinProps = { entry: { prize: string; date: string } | null };

/**
 * /spin-to-win (ADR 0040): the promotion, its prizes with their chances and its terms; a signed-in shopper
 * spins once (a plain form post, the server draws) and sees their result here from then on.
 */
export default function SpinToWin({ entry }: SpinToWinProps) {
  return (
    <section className="checkout spin-to-win" aria-labelledby="spin-title">
      <h1 id="spin-title">Spin to win</h1>
      <p>Spin once for a prize from the dealership.</p>
      <h2>Prizes</h2>
      <ul className="spin-to-win__prizes">
        {SPIN_PRIZES.map(({ prize, percent }) => (
          <li key={prize}>
            {prize} <span className="spin-to-win__chance">({percent}% chance)</span>
          </li>
        ))}
      </ul>
      {entry ? (
        <div className="checkout__deposit" role="status">
          <h2>Your spin</h2>
          <p>
            <strong className="spin-to-win__prize">{entry.prize}</strong>, drawn on {entry.date}.
          </p>
          <p>One entry per person: this is your result.</p>
        </div>
      ) : (
        <form className="enquiry-form__form" method="post" action="/api/spin-to-win">
          <div className="enquiry-form__check">
            <input id="spin-terms" type="checkbox" name="terms" value="true" required />
            <label htmlFor="spin-terms">I agree to the promotion's terms</label>
          </div>
          <button type="submit" className={SUBMIT_BUTTON_CLASS}>
            Spin the wheel
          </button>
        </form>
      )}
      <details className="checkout__terms" open>
        <summary>Promotion terms</summary>
        <ol>
          {SPIN_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </details>
    </section>
  );
}
