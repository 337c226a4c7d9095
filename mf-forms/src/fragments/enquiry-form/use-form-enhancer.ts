import { type RefObject, useRef } from "react";

/**
 * A server-rendered form's script, loaded once on first use (focus or submit): `enhance()` answers the same
 * promise every time, and a failed load is forgotten so the next use tries again.
 */
export function useFormEnhancer<T>(formRef: RefObject<HTMLFormElement | null>, load: (form: HTMLFormElement) => Promise<T>): () => Promise<T> {
  const enhancer = useRef<Promise<T> | null>(null);
  const enhance = (): Promise<T> => {
    const form = formRef.current;
    if (!form) return Promise.reject(new Error("form not mounted"));
    enhancer.current ??= load(form).catch((error: unknown) => {
      enhancer.current = null;
      throw error;
    });
    return enhancer.current;
  };
  return enhance;
}
