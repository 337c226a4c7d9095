import { toastAtom } from "@dealer/shared/atoms";
import { useAtom } from "jotai";

/**
 * The page's one toast (forms-locations-finance.md §4, §9: at most one at a time; it stays until closed or
 * replaced, the spec's removal delay being 1,000,000 ms). Any remote's buttons set toastAtom; the shell shows it.
 */
export function ShellToast() {
  const [toast, setToast] = useAtom(toastAtom);
  return (
    <div className="shell-toast" role="status" aria-live="polite">
      {toast && (
        <div className="shell-toast__box">
          <p className="shell-toast__title">{toast.title}</p>
          <p className="shell-toast__body">{toast.body}</p>
          {toast.action && (
            <a className="shell-toast__action" href={toast.action.href}>
              {toast.action.label}
            </a>
          )}
          <button type="button" className="shell-toast__close" aria-label="Close notification" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
