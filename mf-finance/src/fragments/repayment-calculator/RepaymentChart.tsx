import { formatMoney, repaymentSchedule } from "@dealer/shared/rules";
import { useId } from "react";

type ChartProps = { amountFinanced: number; rate: number; years: number; perYear: number; balloon: number };

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { top: 8, right: 8, bottom: 22, left: 8 };

/**
 * Balance over time (line) and each year's principal vs interest (stacked bars), as plain SVG with a
 * sentence for screen readers and the figures by year in a table; no chart library.
 */
export default function RepaymentChart({ amountFinanced, rate, years, perYear, balloon }: ChartProps) {
  const id = useId();
  const rows = repaymentSchedule(amountFinanced, rate, years, perYear, balloon);
  if (rows.length === 0) return null;
  const totalPrincipal = rows.reduce((sum, row) => sum + row.principal, 0);
  const totalInterest = rows.reduce((sum, row) => sum + row.interest, 0);
  const top = Math.max(amountFinanced, ...rows.map((row) => row.principal + row.interest));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const slot = plotW / rows.length;
  const barW = Math.min(36, slot * 0.6);
  const balancePoints = [
    `${PAD.left},${y(amountFinanced)}`,
    ...rows.map((row, index) => `${PAD.left + slot * (index + 1)},${y(row.balance)}`),
  ].join(" ");
  const summary = `The balance falls from ${formatMoney(amountFinanced)} to ${formatMoney(rows.at(-1)?.balance ?? 0)} over ${years} years. You repay ${formatMoney(totalPrincipal)} of principal and ${formatMoney(totalInterest)} of interest${balloon > 0 ? `, then the ${formatMoney(balloon)} balloon` : ""}.`;

  return (
    // A <figcaption> is the figure's first or last child: the figures table follows the figure.
    <>
      <figure className="repayment-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="repayment-chart__svg">
          <title id={`${id}-title`}>Loan balance and repayments by year</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {rows.map((row, index) => {
            const x = PAD.left + slot * index + (slot - barW) / 2;
            return (
              <g key={row.year}>
                <rect className="repayment-chart__principal" x={x} y={y(row.principal)} width={barW} height={plotH + PAD.top - y(row.principal)} />
                <rect
                  className="repayment-chart__interest"
                  x={x}
                  y={y(row.principal + row.interest)}
                  width={barW}
                  height={y(row.principal) - y(row.principal + row.interest)}
                />
                <text x={x + barW / 2} y={HEIGHT - 6} textAnchor="middle" className="repayment-chart__axis">{`Yr ${row.year}`}</text>
              </g>
            );
          })}
          <polyline className="repayment-chart__balance" points={balancePoints} fill="none" />
        </svg>
        <figcaption className="repayment-chart__legend">
          <span className="repayment-chart__key repayment-chart__key--principal">Principal</span>
          <span className="repayment-chart__key repayment-chart__key--interest">Interest</span>
          <span className="repayment-chart__key repayment-chart__key--balance">Balance owing</span>
          <p className="repayment-chart__summary">{summary}</p>
        </figcaption>
      </figure>
      <details className="repayment-chart__table">
        <summary>Figures by year</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Principal</th>
              <th scope="col">Interest</th>
              <th scope="col">Balance owing</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                <td>{formatMoney(row.principal)}</td>
                <td>{formatMoney(row.interest)}</td>
                <td>{formatMoney(row.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
