/**
 * The design system's components (docs/design.md): thin markup over the classes in components.css, which the shell
 * inlines on every page. No state and no effects, so a remote pays a few hundred bytes for the ones it uses.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";

type ButtonLook = { variant?: "primary" | "secondary" | "tertiary" | "destructive" | "accent"; size?: "sm" | "md" | "lg"; icon?: boolean; block?: boolean };

/** The class list of a button or a link that looks like one. */
export function buttonClass({ variant = "secondary", size = "md", icon = false, block = false }: ButtonLook, extra = ""): string {
  return ["button", variant !== "secondary" && `button--${variant}`, size !== "md" && `button--${size}`, icon && "button--icon", block && "button--block", extra]
    .filter(Boolean)
    .join(" ");
}

export function Button({ variant, size, icon, block, className, type = "button", ...rest }: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, icon, block }, className)} {...rest} />;
}

/** A link styled as a button (navigation, not an action). */
export function ButtonLink({ variant, size, icon, block, className, ...rest }: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClass({ variant, size, icon, block }, className)} {...rest} />;
}

export function Badge({ tone = "neutral", children }: { tone?: "neutral" | "accent"; children: ReactNode }) {
  return <span className={tone === "accent" ? "ui-badge ui-badge--accent" : "ui-badge"}>{children}</span>;
}

export function Chip({ children, onRemove, removeLabel }: { children: ReactNode; onRemove?: () => void; removeLabel?: string }) {
  return onRemove ? (
    <button type="button" className="ui-chip" onClick={onRemove} aria-label={removeLabel}>
      {children} <span aria-hidden="true">×</span>
    </button>
  ) : (
    <span className="ui-chip">{children}</span>
  );
}

export function Card({ interactive = false, className = "", children }: { interactive?: boolean; className?: string; children: ReactNode }) {
  return <div className={`ui-card${interactive ? " ui-card--interactive" : ""} ${className}`.trim()}>{children}</div>;
}

/**
 * A price as shoppers read it: the amount, what it is (drive away, excl. government charges), an earlier price struck
 * through, and the weekly figure with its rate and comparison rate in the same size. Every figure arrives formatted:
 * the rules that compute them decide (the repayment is `repaymentLabels(carRepayment(...))`, ADR 0038). `text` is a
 * price that is words (PREORDER, Enquire for price); `size` "sm" fits a card or a sticky header.
 */
export function PriceBlock(props: {
  amount: string;
  type?: string | null;
  before?: string | null;
  weekly?: string | null;
  rate?: string | null;
  text?: boolean;
  size?: "sm" | "md";
  className?: string;
}) {
  const classes = ["price-block", props.size === "sm" && "price-block--sm", props.text && "price-block--text", props.className].filter(Boolean).join(" ");
  return (
    <p className={classes}>
      {props.before && (
        <s className="price-block__before">
          <span className="visually-hidden">Was </span>
          {props.before}
        </s>
      )}
      <span className="price-block__amount">{props.amount}</span>
      {props.type && <span className="price-block__type">{props.type}</span>}
      {props.weekly && (
        <span className="price-block__weekly">
          {props.weekly}
          {props.rate && <span className="price-block__rate"> {props.rate}</span>}
        </span>
      )}
    </p>
  );
}

/** A car's key facts (kilometres, transmission, body, fuel): each a label over its value, with a decorative icon. */
export function KeyFacts({ facts, label = "Key facts" }: { facts: Array<{ label: string; value: string; icon?: ReactNode }>; label?: string }) {
  return (
    <dl className="key-facts" aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.label} className="key-facts__item">
          <dt className="key-facts__label">
            {fact.icon}
            {fact.label}
          </dt>
          <dd className="key-facts__value">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Where a shopper is in a form of several steps: a numbered list, the current step marked with aria-current="step"
 * and the steps before it as done. Labels are the steps' own names, so the list reads as the form's outline.
 */
export function StepIndicator({ steps, current, label = "Progress" }: { steps: readonly string[]; current: number; label?: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((step, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li key={step} className={`steps__item steps__item--${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="steps__marker" aria-hidden="true">
              {state === "done" ? "\u2713" : index + 1}
            </span>
            <span className="steps__label">
              {step}
              {state === "done" && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A labelled form field: the control is the child (input, select, textarea) and carries the id; hint and error are
 * tied to it with aria-describedby by the caller (ids `${id}-hint`, `${id}-error`). Prefix and suffix frame it.
 */
export function Field(props: { id: string; label: string; hint?: string; error?: string | null; prefix?: string; suffix?: string; children: ReactNode }) {
  const { id, label, hint, error, prefix, suffix, children } = props;
  const framed = prefix || suffix;
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {framed ? (
        <span className="field__control">
          {prefix && <span className="field__affix">{prefix}</span>}
          {children}
          {suffix && <span className="field__affix">{suffix}</span>}
        </span>
      ) : (
        children
      )}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function Breadcrumb({ items }: { items: Array<{ label: string; href?: string }> }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="ui-breadcrumb">
        {items.map((item, index) => (
          <li key={`${item.href ?? ""} ${item.label}`}>{item.href && index < items.length - 1 ? <a href={item.href}>{item.label}</a> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children}
      {action}
    </div>
  );
}

/** A placeholder of the content's size while it loads (shimmers unless the shopper asked for reduced motion). */
export function Skeleton({ width = "100%", height = "1em" }: { width?: string; height?: string }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
