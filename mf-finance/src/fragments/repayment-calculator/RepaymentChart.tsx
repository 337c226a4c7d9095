import { formatMoney, repaymentSchedule } from "@dealer/shared/rules";
import { useId } from "react";

/** `payment` is the repayment shown beside the chart (a lender's published one when it applies): the split adds up to it. */
type ChartProps = { amountFinanced: number; rate: number; years: number; perYear: number; balloon: number; payment: number };

const WIDTH = 320;
const HEIGHT = 180;
const PAD = { top: 8, right: 8, bottom: 30, left: 46 };

/** Round dollar ticks from 0 to at least `top`: a step of 1, 2, 2.5 or 5 times a power of ten, about four steps. */
function dollarTicks(top: number): number[] {
  const raw = top / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Balance owing over time (line, balloon marked) and each year's principal and interest paid (stacked bars), with
 * dollar and year axes, as plain SVG; the figures by year are one table inside the figure; no chart library.
 */
export default function RepaymentChart({ amountFinanced, rate, years, perYear, balloon, payment }: ChartProps) {
  const id = useId();
  const rows = repaymentSchedule(amountFinanced, rate, years, perYear, balloon, payment);
  if (rows.length === 0) return null;
  const totalPrincipal = rows.reduce((sum, row) => sum + row.principal, 0);
  const totalInterest = rows.reduce((sum, row) => sum + row.interest, 0);
  const ticks = dollarTicks(Math.max(amountFinanced, ...rows.map((row) => row.principal + row.interest)));
  const top = ticks.at(-1) ?? amountFinanced;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const bottom = PAD.top + plotH;
  const y = (value: number) => bottom - (value / top) * plotH;
  const slot = plotW / rows.length;
  const barW = Math.min(36, slot * 0.6);
  const balancePoints = [
    `${PAD.left},${y(amountFinanced)}`,
    ...rows.map((row, index) => `${PAD.left + slot * (index + 1)},${y(row.balance)}`),
  ].join(" ");
  const summary = `The balance falls from ${formatMoney(amountFinanced)} to ${formatMoney(rows.at(-1)?.balance ?? 0)} over ${years} years. You repay ${formatMoney(totalPrincipal)} of principal and ${formatMoney(totalInterest)} of interest${balloon > 0 ? `, then the ${formatMoney(balloon)} balloon` : ""}.`;
  const tableId = `${id}-table`;

  return (
    // The figcaption is the figure's last child (HTML allows only first or last); the table sits between.
    <figure className="repayment-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} aria-details={tableId} className="repayment-chart__svg">
        <title id={`${id}-title`}>Loan balance and repayments by year</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick} className="repayment-chart__y-tick">
            <line className="repayment-chart__grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" className="repayment-chart__axis">
              {formatMoney(tick)}
            </text>
          </g>
        ))}
        {rows.map((row, index) => {
          const x = PAD.left + slot * index + (slot - barW) / 2;
          return (
            <g key={row.year}>
              <rect className="repayment-chart__principal" x={x} y={y(row.principal)} width={barW} height={bottom - y(row.principal)} />
              <rect
                className="repayment-chart__interest"
                x={x}
                y={y(row.principal + row.interest)}
                width={barW}
                height={y(row.principal) - y(row.principal + row.interest)}
              />
              <text x={x + barW / 2} y={bottom + 12} textAnchor="middle" className="repayment-chart__axis repayment-chart__x-tick">
                {row.year}
              </text>
            </g>
          );
        })}
        <text x={PAD.left + plotW / 2} y={HEIGHT - 3} textAnchor="middle" className="repayment-chart__axis">
          Year
        </text>
        <polyline className="repayment-chart__balance" points={balancePoints} fill="none" />
        {balloon > 0 && <circle className="repayment-chart__balloon" cx={WIDTH - PAD.right} cy={y(balloon)} r={4} />}
      </svg>
      <details className="repayment-chart__table">
        <summary>Figures by year</summary>
        <table id={tableId}>
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
      <figcaption className="repayment-chart__legend">
        <span className="repayment-chart__key repayment-chart__key--principal">Principal paid</span>
        <span className="repayment-chart__key repayment-chart__key--interest">Interest paid</span>
        <span className="repayment-chart__key repayment-chart__key--balance">Balance owing</span>
        {balloon > 0 && <span className="repayment-chart__key repayment-chart__key--balloon">{`Balloon ${formatMoney(balloon)}`}</span>}
        <p className="repayment-chart__summary">
          {summary} <a href={`#${tableId}`}>Figures by year</a> are in the table.
        </p>
      </figcaption>
    </figure>
  );
}
