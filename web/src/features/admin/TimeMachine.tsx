import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { ClockState } from '@stockseer/contract';
import { formatDate } from '../../lib/format';
import { setClock } from './adminApi';
import { ADMIN_TEXT } from './messages';
import { useAdminToasts } from './useAdminToasts';

type Clock = z.infer<typeof ClockState>;

interface Props {
  /** Undefined while it loads: the card is laid out already, so nothing below it moves when the clock arrives. */
  clock: Clock | undefined;
  onChanged: (clock: Clock) => void;
}

/**
 * The local emulator's time machine (AdminTab shows it only where `GET /api/admin/clock` answers): pins the server's
 * "today" so that demos and end-to-end tests can make a prediction on a past date and then reach its target date.
 */
export function TimeMachine({ clock, onChanged }: Props) {
  const headingId = useId();
  const inputId = useId();
  const toasts = useAdminToasts();
  // The date typed, else the server's today.
  const [typed, setDate] = useState<string>();
  const date = typed ?? clock?.today ?? '';
  const [busy, setBusy] = useState(false);

  const pin = async (today: string | null) => {
    setBusy(true);
    try {
      const next = await setClock(today);
      onChanged(next);
      setDate(next.today);
      toasts.success(ADMIN_TEXT.clockSet(formatDate(next.today)));
    } catch {
      toasts.failure(ADMIN_TEXT.clockFailed);
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void pin(date);
  };

  return (
    <section className="card admin-card time-machine" aria-labelledby={headingId}>
      <div className="time-machine-text">
        <h2 id={headingId}>{ADMIN_TEXT.timeMachineTitle}</h2>
        <p className="muted admin-intro">{ADMIN_TEXT.timeMachineIntro}</p>
        <p className="time-machine-today" aria-live="polite">
          {clock ? ADMIN_TEXT.today(formatDate(clock.today), clock.pinned) : ADMIN_TEXT.loading}
        </p>
      </div>
      <form className="time-machine-form" onSubmit={onSubmit}>
        <div className="filter-field">
          <label htmlFor={inputId}>{ADMIN_TEXT.dateLabel}</label>
          <input id={inputId} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={busy || !clock || !date}>
          {ADMIN_TEXT.setDate}
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={busy || !clock?.pinned}
          onClick={() => void pin(null)}
        >
          {ADMIN_TEXT.realDate}
        </button>
      </form>
    </section>
  );
}
