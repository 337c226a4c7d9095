/** The sign-in page: which step, the number (as typed or shown back), the last error and where to go after. */
export type SignInProps = { step: "phone" | "code"; phone: string; error: string | null; type: string; redirect: string; back: string };
