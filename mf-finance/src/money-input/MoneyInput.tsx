import { formatMoney, formatMoneyText, parseMoneyText } from "@dealer/shared/rules";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";

export type MoneyInputProps = {
  id: string;
  name: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** 'kms' for odometers: no dollar prefix, a kms suffix. */
  unit?: "dollars" | "kms";
  /** Arrow keys step the value within min..max (the widget's number-input behaviour). */
  step?: number;
  min?: number;
  max?: number;
  /** Amounts offered as buttons under the field. */
  quickPicks?: number[];
  /** Error or help text shown under the field and announced with it. */
  error?: string | null;
  help?: string;
};

const digitsBefore = (text: string, position: number) => text.slice(0, position).replace(/\D/g, "").length;

/** Caret position after `digits` digits in the formatted text, so typing mid-number keeps its place. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/\d/.test(text[index] ?? "") && ++seen === digits) return index + 1;
  }
  return text.length;
}

const display = (value: number) => formatMoneyText(String(Math.round(value)));

/** The whole-dollar value a money box's text reads as: a minus sign means below 0, which is 0. */
export const moneyInputValue = (text: string): number => (text.includes("-") ? 0 : Math.round(parseMoneyText(text)));

/**
 * The spec's money input: dollar prefix (or kms suffix), thousand separators while typing, quick picks,
 * step/min/max on the arrow keys. Bad text (letters, '$1,000,000.00', empty) reads as a number, never NaN; a negative
 * value reads (and shows) as 0.
 */
export default function MoneyInput({ id, name, label, value, onChange, unit = "dollars", step, min, max, quickPicks = [], error, help }: MoneyInputProps) {
  const [text, setText] = useState(() => display(value));
  const caret = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A value set from outside (quick pick, reset) replaces the text unless it already reads as that value.
  if (parseMoneyText(text) !== Math.round(value) && !(text === "" && value === 0)) setText(display(value));

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(" ") || undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!step || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const next = value + (event.key === "ArrowUp" ? step : -step);
    onChange(Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? 0, next)));
  };

  return (
    <div className="money-input">
      <label className="money-input__label" htmlFor={id}>
        {label}
      </label>
      <div className="money-input__box" data-invalid={error ? "true" : undefined}>
        {unit === "dollars" && (
          <span className="money-input__affix" aria-hidden="true">
            $
          </span>
        )}
        <input
          ref={input}
          id={id}
          name={name}
          className="money-input__field"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const raw = event.target.value;
            // A minus sign means a value below 0, which becomes 0: '-' alone waits for digits, '-5' reads as 0.
            if (raw.includes("-")) {
              const zero = raw.trim() === "-" ? "-" : "0";
              caret.current = zero.length;
              setText(zero);
              onChange(moneyInputValue(raw));
              return;
            }
            const formatted = formatMoneyText(raw);
            caret.current = caretAfterDigits(formatted, digitsBefore(raw, event.target.selectionStart ?? raw.length));
            setText(formatted);
            onChange(moneyInputValue(raw));
          }}
        />
        {unit === "kms" && (
          <span className="money-input__affix" aria-hidden="true">
            kms
          </span>
        )}
      </div>
      {help && (
        <p id={`${id}-help`} className="money-input__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="money-input__error" role="alert">
          {error}
        </p>
      )}
      {quickPicks.length > 0 && (
        <fieldset className="money-input__picks">
          <legend className="visually-hidden">{`Quick picks for ${label}`}</legend>
          {quickPicks.map((amount) => (
            <button key={amount} type="button" className="money-input__pick" aria-pressed={amount === value} onClick={() => onChange(amount)}>
              {formatMoney(amount)}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
