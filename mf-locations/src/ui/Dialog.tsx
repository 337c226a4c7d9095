import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A button that opens a modal dialog (native <dialog>: focus is kept inside, Escape closes it); closing
 * returns focus to the button.
 */
export function DialogButton({ label, title, className, children }: { label: string; title: string; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onClose = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button ref={buttonRef} type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={onClose}>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
        <button type="button" className="dialog__close" onClick={() => setOpen(false)}>
          Close
        </button>
      </dialog>
    </>
  );
}
