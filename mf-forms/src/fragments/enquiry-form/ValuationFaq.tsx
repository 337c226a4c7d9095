import { TRADE_IN_ESTIMATE_MAX_AGE_YEARS, TRADE_IN_ESTIMATE_MAX_KM } from "@dealer/shared/rules";

const FAQ: [string, string][] = [
  ["How is my online valuation worked out?", "We compare your car with cars of the same make and model in our stock, allow for the year and the kilometres, and take your answers about its condition into account."],
  [
    "Why did I not get an online estimate?",
    `Cars over ${TRADE_IN_ESTIMATE_MAX_AGE_YEARS} years old or over ${TRADE_IN_ESTIMATE_MAX_KM.toLocaleString("en-AU")} km, and cars we have nothing similar to in stock, are valued in person: our team will call you.`,
  ],
  ["Is the offer final?", "The offer stands subject to an inspection that confirms the details you gave."],
  ["What happens when I accept?", "Your acceptance goes to our team with your details, and we contact you to arrange the inspection and payment."],
];

/** The valuation FAQ of the trade-in forms: plain disclosure widgets, no script. */
export function ValuationFaq() {
  return (
    <section className="valuation-faq" aria-labelledby="valuation-faq-heading">
      <h3 id="valuation-faq-heading">Valuation FAQ</h3>
      {FAQ.map(([question, answer]) => (
        <details key={question}>
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </section>
  );
}
