import { useId, useState, type FormEvent } from 'react';
import { CLOSE_ACCOUNT_CONFIRMATION, type CloseAccountResponse, type ClosurePreview } from '@stockseer/contract';
import { Dialog } from '../../components/Dialog';
import { ApiError } from '../../lib/api';
import { useCloseAccount, useClosurePreview } from './accountApi';
import { CLOSE_TEXT } from './messages';

interface Props {
  uid: string;
  open: boolean;
  onCancel: () => void;
  onClosed: () => void;
}

/**
 * Closing the account (docs/product.md#closing-an-account): first what will happen (the open paid predictions
 * cancelled, the refunds, newest top-up first, the courtesy credit not refunded, what is deleted and what the books
 * keep), then the typed
 * confirmation, then the final word, whose only way out is signing out.
 */
export function CloseAccountDialog({ uid, open, onCancel, onClosed }: Props) {
  const [closed, setClosed] = useState<CloseAccountResponse | null>(null);
  return (
    <Dialog
      open={open}
      title={closed ? CLOSE_TEXT.doneTitle : CLOSE_TEXT.dialogTitle}
      onClose={closed ? onClosed : onCancel}
    >
      {closed ? (
        <Closed outcome={closed} onSignOut={onClosed} />
      ) : (
        <Review uid={uid} open={open} onCancel={onCancel} onClosed={setClosed} />
      )}
    </Dialog>
  );
}

function Review({
  uid,
  open,
  onCancel,
  onClosed,
}: {
  uid: string;
  open: boolean;
  onCancel: () => void;
  onClosed: (outcome: CloseAccountResponse) => void;
}) {
  const preview = useClosurePreview(uid, open);
  if (preview.error) {
    return (
      <p role="alert" className="error-text">
        {preview.error instanceof ApiError ? preview.error.message : CLOSE_TEXT.loadFailed}
      </p>
    );
  }
  if (!preview.data) return <p className="muted">{CLOSE_TEXT.loading}</p>;
  return (
    <div className="closure">
      <WhatHappens preview={preview.data} />
      {preview.data.refusal === null ? (
        <Confirm onCancel={onCancel} onClosed={onClosed} />
      ) : (
        <div role="alert" className="closure-refusal">
          <p className="closure-refusal-title">{CLOSE_TEXT.cannotClose}</p>
          <p>{preview.data.refusal}</p>
        </div>
      )}
    </div>
  );
}

function WhatHappens({ preview }: { preview: ClosurePreview }) {
  const { openPaidPredictions: paid, refunds, forfeitCents } = preview;
  const refundHeading =
    refunds.length > 0
      ? CLOSE_TEXT.refundHeading(preview.refundTotalCents)
      : forfeitCents > 0
        ? CLOSE_TEXT.noCardRefund
        : CLOSE_TEXT.noRefund;
  return (
    <>
      <h3>{CLOSE_TEXT.cancelledHeading(paid.length)}</h3>
      {paid.length > 0 && (
        <>
          <p className="muted">{CLOSE_TEXT.cancelledBody}</p>
          <ul>
            {paid.map((p) => (
              <li key={p.id}>{CLOSE_TEXT.cancelledLine(p.symbol, p.timeFrame, p.targetDate)}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">
        {preview.openFreePredictions > 0
          ? CLOSE_TEXT.freeCancelled(preview.openFreePredictions)
          : CLOSE_TEXT.noFreeOpen}
      </p>
      <h3>{refundHeading}</h3>
      {refunds.length > 0 && (
        <>
          <p className="muted">{CLOSE_TEXT.refundBody}</p>
          <ol>
            {refunds.map((r) => (
              <li key={r.paymentIntentId}>{CLOSE_TEXT.refundLine(r.refundCents, r.topUpCents, r.toppedUpAt)}</li>
            ))}
          </ol>
        </>
      )}
      {/* Said before the click (docs/product.md#closing-an-account): this part of Available goes to no card. */}
      {forfeitCents > 0 && <p className="closure-forfeit">{CLOSE_TEXT.forfeit(forfeitCents)}</p>}
      <h3>{CLOSE_TEXT.deletedHeading}</h3>
      <p className="muted">{CLOSE_TEXT.deletedBody}</p>
      <h3>{CLOSE_TEXT.keptHeading}</h3>
      <p className="muted">{CLOSE_TEXT.keptBody}</p>
    </>
  );
}

function Confirm({ onCancel, onClosed }: { onCancel: () => void; onClosed: (outcome: CloseAccountResponse) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closeAccount = useCloseAccount();
  const confirmed = typed.trim() === CLOSE_ACCOUNT_CONFIRMATION;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      onClosed(await closeAccount());
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : CLOSE_TEXT.failed);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-confirm`}>{CLOSE_TEXT.confirmLabel}</label>
      <input
        id={`${id}-confirm`}
        value={typed}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => setTyped(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-outline" onClick={onCancel}>
          {CLOSE_TEXT.cancel}
        </button>
        <button type="submit" className="button button-danger" disabled={!confirmed || busy}>
          {busy ? CLOSE_TEXT.closing : CLOSE_TEXT.confirm}
        </button>
      </div>
    </form>
  );
}

function Closed({ outcome, onSignOut }: { outcome: CloseAccountResponse; onSignOut: () => void }) {
  return (
    <div role="status" className="closure">
      <p>{outcome.refundTotalCents > 0 ? CLOSE_TEXT.doneRefund(outcome.refundTotalCents) : CLOSE_TEXT.doneNoRefund}</p>
      <p>{CLOSE_TEXT.doneBody}</p>
      <div className="dialog-actions">
        {/* The dialog is open already when this step appears: React's autoFocus, not the dialog's data-autofocus. */}
        <button type="button" className="button" autoFocus onClick={onSignOut}>
          {CLOSE_TEXT.signOut}
        </button>
      </div>
    </div>
  );
}
