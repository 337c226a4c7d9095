import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  CODE_LOCKED_MESSAGE,
  CODE_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  MOBILE_MESSAGE,
  SMS_FAILED_MESSAGE,
  safeReturnPath,
  TOO_MANY_CODES_MESSAGE,
  WRONG_CODE_MESSAGE,
} from "@dealer/shared/rules";
import type { Env } from "../../env";
import SignIn from "./SignIn";
import type { SignInProps } from "./props";

/** The page shows only messages the sign-in API gives, never other text from the address. */
const KNOWN_ERRORS = new Set([CODE_LOCKED_MESSAGE, CODE_MESSAGE, EXPIRED_CODE_MESSAGE, MOBILE_MESSAGE, SMS_FAILED_MESSAGE, TOO_MANY_CODES_MESSAGE]);
const knownError = (text: string | undefined) =>
  text && (KNOWN_ERRORS.has(text) || (text.startsWith(WRONG_CODE_MESSAGE) && /^ \d tr(y|ies) left\.$/.test(text.slice(WRONG_CODE_MESSAGE.length)))) ? text : null;

/** /sign-in?type=&redirect=&back=[&step=code&phone=&error=]: every value is shopper text, kept short and on this site. */
export async function loadSignIn(request: FragmentRequest): Promise<SignInProps> {
  const { params } = request;
  const redirect = safeReturnPath(params.redirect);
  return {
    step: params.step === "code" && params.phone ? "code" : "phone",
    phone: (params.phone ?? "").slice(0, 30),
    error: knownError(params.error),
    type: /^[a-z-]{1,30}$/.test(params.type ?? "") ? (params.type as string) : "account",
    redirect,
    back: safeReturnPath(params.back, redirect),
  };
}

export const signInFragment: FragmentDefinition<SignInProps, Env> = { load: loadSignIn, Component: SignIn };
