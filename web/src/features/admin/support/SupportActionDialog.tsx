import './support.css';
import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';
import { useAdminToasts } from '../useAdminToasts';
import { CUSTOMER_TEXT } from './supportText';

interface Props {
  title: string;
  triggerLabel: string;
  /** The trigger's accessible name when its label alone is ambiguous (a Refund button per top-up). */
  triggerAriaLabel?: string;
  triggerClassName?: string;
  /** The action's own fields (an amount, a checkbox), above the reason. */
  fields?: ReactNode;
  /** What is wrong with the action's own fields, or null; checked before the confirmation. */
  problem: () => string | null;
  /** The confirmation, naming the amount. */
  confirmText: string;
  confirmButton: string;
  /** Does the action; `key` is the same for every retry of this dialog's request. */
  submit: (reason: string, key: string) => Promise<string>;
  onOpen?: () => void;
  onDone: () => void;
}

/**
 * A support action (docs/product.md#support-actions) in two steps: its fields and the required reason, then a
 * confirmation that names the amount. One Idempotency-Key per opening: a retry after a failure cannot act twice.
 */
export function SupportActionDialog(props: Props) {
  const { title, triggerLabel, triggerAriaLabel, triggerClassName = 'button button-outline', fields, problem } = props;
  const reasonId = useId();
  const problemId = useId();
  const toasts = useAdminToasts();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');

  const openDialog = () => {
    props.onOpen?.();
    setReason('');
    setShownProblem(null);
    setConfirming(false);
    setKey(crypto.randomUUID());
    setOpen(true);
  };
  const next = () => {
    const found = problem() ?? (reason.trim() === '' ? CUSTOMER_TEXT.reasonMissing : null);
    setShownProblem(found);
    if (found === null) setConfirming(true);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      toasts.success(await props.submit(reason.trim(), key));
      setOpen(false);
      props.onDone();
    } catch (error) {
      toasts.failure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={triggerClassName} aria-label={triggerAriaLabel} onClick={openDialog}>
        {triggerLabel}
      </button>
      <Dialog open={open} title={title} onClose={() => setOpen(false)}>
        {confirming ? (
          <div className="support-dialog">
            <p className="support-confirm">{props.confirmText}</p>
            <p className="muted support-reason-quote">
              {CUSTOMER_TEXT.reasonShort}: {reason.trim()}
            </p>
            <div className="dialog-actions">
              <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
                {CUSTOMER_TEXT.goBack}
              </button>
              <button type="button" className="button" data-autofocus disabled={busy} onClick={() => void confirm()}>
                {busy ? CUSTOMER_TEXT.working : props.confirmButton}
              </button>
            </div>
          </div>
        ) : (
          <form
            className="support-dialog"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            {fields}
            <div className="support-field">
              <label htmlFor={reasonId}>{CUSTOMER_TEXT.reason}</label>
              <textarea
                id={reasonId}
                rows={3}
                maxLength={500}
                required
                placeholder={CUSTOMER_TEXT.reasonPlaceholder}
                value={reason}
                aria-describedby={shownProblem ? problemId : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            {shownProblem && (
              <p id={problemId} className="error-text" role="alert">
                {shownProblem}
              </p>
            )}
            <div className="dialog-actions">
              <button type="button" className="button button-outline" onClick={() => setOpen(false)}>
                {CUSTOMER_TEXT.cancel}
              </button>
              <button type="submit" className="button">
                {CUSTOMER_TEXT.continue}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
