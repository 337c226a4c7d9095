import { type FormEvent, useEffect, useRef, useState } from "react";
import { Checkbox, SelectField, TextArea, TextField } from "../enquiry-form/fields";
import type { InstantChatProps } from "./props";

export type { InstantChatProps } from "./props";

// The API's paths and words, kept here as plain strings: importing its module would pull zod into the browser.
const CHAT_PATH = "/api/leads/chat";
const SEND_FAILED = "Your message could not be sent. Please try again.";
/** Polling backoff: soon after a message, then less often while nothing comes (ADR 0049). */
const POLL_FIRST_MS = 2000;
const POLL_MAX_MS = 30_000;

type Message = { id: number; from: "shopper" | "dealer"; name: string; body: string };
type Conversation = { dealershipId: number; messages: Message[] };
type Answer = { status: number; body: { message?: string; fieldErrors?: Record<string, string[]>; dealership_id?: number; messages?: Message[]; id?: number } };

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    return { status: 0, body: { message: SEND_FAILED } };
  }
}

const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "").trim();
const checked = (form: HTMLFormElement, name: string) => new FormData(form).get(name) !== null;

/**
 * Instant-message chat in the vehicle page's sidebar (ADR 0049). The server renders a heading and one button; this
 * code loads on the shopper's first touch of the slot. The first message opens a conversation (a lead of kind chat
 * the dealer answers from the inbox); replies appear here by polling with backoff, and by e-mail or SMS.
 */
export default function InstantChat({ car, termsRequired, optInDefault }: InstantChatProps) {
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pollDelay = useRef(POLL_FIRST_MS);

  const lastId = useRef(0);
  lastId.current = conversation?.messages.at(-1)?.id ?? 0;
  const chatting = conversation !== null;
  // An earlier conversation with this car's dealership carries on; another dealership's starts afresh.
  useEffect(() => {
    if (!open || loaded || !car) return;
    void call("GET", CHAT_PATH).then((answer) => {
      if (answer.status === 200 && answer.body.dealership_id === car.dealershipId) setConversation({ dealershipId: car.dealershipId, messages: answer.body.messages ?? [] });
      setLoaded(true);
    });
  }, [open, loaded, car]);

  // Polls for new messages while the conversation is open: soon after one arrives, backing off while none do,
  // paused while the page is hidden.
  useEffect(() => {
    if (!chatting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(() => void tick(), pollDelay.current);
    };
    const tick = async () => {
      const answer = await call("GET", `${CHAT_PATH}?after=${lastId.current}`);
      const fresh = answer.status === 200 ? (answer.body.messages ?? []) : [];
      pollDelay.current = fresh.length > 0 ? POLL_FIRST_MS : Math.min(POLL_MAX_MS, pollDelay.current * 2);
      if (!stopped && fresh.length > 0) {
        setConversation((current) => current && { ...current, messages: [...current.messages, ...fresh.filter((message) => !current.messages.some((shown) => shown.id === message.id))] });
      }
      schedule();
    };
    const onVisible = () => {
      pollDelay.current = POLL_FIRST_MS;
      schedule();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [chatting]);

  if (!car) return null;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSending(true);
    const answer = conversation
      ? await call("POST", `${CHAT_PATH}/messages`, { message: value(form, "message") })
      : await call("POST", CHAT_PATH, {
          car_id: car.id,
          page_url: window.location.href,
          message: value(form, "message"),
          values: {
            name: value(form, "name"),
            email: value(form, "email"),
            phone: value(form, "phone"),
            opt_in: checked(form, "opt_in"),
            ...(termsRequired ? { terms_conditions: checked(form, "terms_conditions") } : {}),
            ...(value(form, "contact") ? { PreferredContactMethod: value(form, "contact") } : {}),
          },
        });
    setSending(false);
    if (answer.status === 201) {
      setErrors({});
      setFormError(null);
      pollDelay.current = POLL_FIRST_MS;
      if (answer.body.messages) setConversation({ dealershipId: car.dealershipId, messages: answer.body.messages });
      else setConversation((current) => current && { ...current, messages: [...current.messages, { id: answer.body.id ?? 0, from: "shopper", name: "You", body: value(form, "message") }] });
      form.reset();
      return;
    }
    setErrors(answer.body.fieldErrors ?? {});
    setFormError(answer.body.message ?? SEND_FAILED);
  };

  const error = (name: string) => errors[name]?.[0];
  const id = (name: string) => `chat-${car.id}-${name}`;
  return (
    <section className="enquiry-form instant-chat" aria-labelledby={id("heading")}>
      <h2 id={id("heading")} className="enquiry-form__heading">{`Chat with ${car.dealershipName}`}</h2>
      {!open ? (
        <>
          <p>Ask about this {car.title}: we answer here, and let you know by e-mail or text.</p>
          <button type="button" className="enquiry-form__submit" onClick={() => setOpen(true)}>
            Start a chat
          </button>
        </>
      ) : !loaded ? (
        <p role="status">Opening the chat…</p>
      ) : (
        <form className="enquiry-form__form" onSubmit={send} noValidate>
          {conversation && (
            <div role="log" aria-live="polite" aria-label="Chat messages">
              <ol className="instant-chat__messages">
                {conversation.messages.map((message) => (
                  <li key={message.id} className={`instant-chat__message instant-chat__message--${message.from}`}>
                    <strong>{message.name}:</strong> {message.body}
                  </li>
                ))}
              </ol>
            </div>
          )}
          {formError && (
            <div className="enquiry-form__form-error" role="alert">
              {formError}
            </div>
          )}
          {!conversation && (
            <>
              <TextField id={id("name")} name="name" label="Name" autoComplete="name" required error={error("values.name")} />
              <TextField id={id("email")} name="email" label="Email" type="email" autoComplete="email" required error={error("values.email")} />
              <TextField id={id("phone")} name="phone" label="Phone" type="tel" autoComplete="tel" required error={error("values.phone")} />
              <SelectField
                id={id("contact")}
                name="contact"
                label="Tell me about replies by"
                required={false}
                placeholder="E-mail"
                options={[{ value: "SMS", label: "Text message (SMS) and e-mail" }]}
                error={error("values.PreferredContactMethod")}
              />
            </>
          )}
          <TextArea id={id("message")} name="message" label={conversation ? "Your reply" : "Your message"} required error={error("message")} />
          {!conversation && (
            <>
              <Checkbox id={id("opt_in")} name="opt_in" label="Keep me updated with news and offers" defaultChecked={optInDefault} />
              {termsRequired && <Checkbox id={id("terms")} name="terms_conditions" label="I agree to the terms of use" error={error("values.terms_conditions")} />}
            </>
          )}
          <button type="submit" className="enquiry-form__submit" disabled={sending}>
            {sending ? "Sending…" : "Send"}
          </button>
        </form>
      )}
    </section>
  );
}
