import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { formatMoney } from "@dealer/shared/rules";
import type { Env } from "../../env";
import { findOnlinePayment } from "../../reservations/online-payment-store";
import OnlinePayment, { type OnlinePaymentProps } from "./OnlinePayment";

async function loadOnlinePayment(request: FragmentRequest, env: Env): Promise<OnlinePaymentProps> {
  const { payment, purpose, reference } = request.params;
  if (payment) {
    const row = await findOnlinePayment(env.DB, payment);
    // Only the shopper who paid sees the receipt, on the site it was paid on.
    if (!row || row.site !== request.site.slug || row.user_id !== request.session.userId) return { mode: "receipt", state: "unknown", what: "", amountText: "", paymentUrl: null };
    return {
      mode: "receipt",
      state: row.state,
      what: row.purpose === "reservation" ? `Reservation ${row.reference}` : `Service invoice ${row.reference}`,
      amountText: formatMoney(row.amount_cents / 100),
      paymentUrl: row.state === "awaiting_payment" ? row.payment_url : null,
    };
  }
  return { mode: "form", purpose: purpose === "reservation" || purpose === "service_invoice" ? purpose : "", reference: (reference ?? "").slice(0, 64) };
}

export const onlinePaymentFragment: FragmentDefinition<OnlinePaymentProps, Env> = { load: loadOnlinePayment, Component: OnlinePayment };
