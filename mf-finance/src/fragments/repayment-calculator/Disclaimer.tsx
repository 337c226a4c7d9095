import { DISCLAIMER_EXCERPT_LIMIT, truncateText } from "@dealer/shared/rules";
import { useState } from "react";

/** The calculator's disclaimer (#financeDisclaimer): the 197-character excerpt with Show More / Show Less. */
export default function Disclaimer({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const excerpt = truncateText(text, DISCLAIMER_EXCERPT_LIMIT);
  return (
    <div className="finance-disclaimer" id="financeDisclaimer">
      <p className="finance-disclaimer__text" id="financeDisclaimer-text">
        {expanded || !excerpt.truncated ? text : excerpt.text}
      </p>
      {excerpt.truncated && (
        <button type="button" className="finance-disclaimer__toggle" aria-expanded={expanded} aria-controls="financeDisclaimer-text" onClick={() => setExpanded(!expanded)}>
          {expanded ? "Show Less" : "Show More"}
        </button>
      )}
    </div>
  );
}
