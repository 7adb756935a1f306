import { Dialog } from '../../components/Dialog';
import { ODDS_TEXT } from './oddsText';

interface Props {
  /**
   * What the click would reserve and its expected cost (null when the preview could not be had); the dialog is
   * closed while undefined.
   */
  cost: { amountCents: number; expectedCostCents: number | null } | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A click that will reserve money says how much first; a free one goes straight through. It opens on Cancel, so a
 * second Enter does not spend.
 */
export function ConfirmReserveDialog({ cost, onConfirm, onCancel }: Props) {
  return (
    <Dialog open={cost !== undefined} title={cost ? ODDS_TEXT.confirmTitle(cost.amountCents) : ''} onClose={onCancel}>
      {cost && (
        <>
          <p>{ODDS_TEXT.confirmBody(cost.amountCents, cost.expectedCostCents)}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-outline" data-autofocus onClick={onCancel}>
              {ODDS_TEXT.cancel}
            </button>
            <button type="button" className="button" onClick={onConfirm}>
              {ODDS_TEXT.confirm(cost.amountCents)}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
