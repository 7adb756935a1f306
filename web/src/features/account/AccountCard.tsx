import './account.css';
import { useState } from 'react';
import { useToast } from '../../components/toast/ToastProvider';
import { downloadText } from '../../lib/download';
import { fetchAccountExport } from './accountApi';
import { CloseAccountDialog } from './CloseAccountDialog';
import { accountCsv, accountJson, exportFileName } from './exportFiles';
import { ACCOUNT_TEXT } from './messages';

interface Props {
  uid: string;
  /** After the account is closed and its owner has read so: sign out. */
  onClosed: () => void;
}

/**
 * The Wallet tab's account card (docs/product.md#closing-an-account): "Download my data" as JSON or CSV at any time,
 * and closing the account.
 */
export function AccountCard({ uid, onClosed }: Props) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const [closing, setClosing] = useState(false);

  const download = async (format: 'json' | 'csv') => {
    setBusy(format);
    try {
      const data = await fetchAccountExport();
      const name = exportFileName(data.exportedAt, format);
      if (format === 'json') downloadText(name, accountJson(data), 'application/json;charset=utf-8');
      else downloadText(name, accountCsv(data));
    } catch {
      toast({ title: ACCOUNT_TEXT.downloadFailed, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card account-card" aria-labelledby="account-card-title">
      <h2 id="account-card-title">{ACCOUNT_TEXT.title}</h2>
      <div className="account-row">
        <div>
          <h3>{ACCOUNT_TEXT.downloadTitle}</h3>
          <p className="muted">{ACCOUNT_TEXT.downloadBody}</p>
        </div>
        <div className="account-actions">
          {(['json', 'csv'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button button-outline"
              disabled={busy !== null}
              onClick={() => void download(format)}
            >
              {busy === format
                ? ACCOUNT_TEXT.downloading
                : format === 'json'
                  ? ACCOUNT_TEXT.downloadJson
                  : ACCOUNT_TEXT.downloadCsv}
            </button>
          ))}
        </div>
      </div>
      <div className="account-row">
        <div>
          <h3>{ACCOUNT_TEXT.closeTitle}</h3>
          <p className="muted">{ACCOUNT_TEXT.closeBody}</p>
        </div>
        <div className="account-actions">
          <button type="button" className="button button-danger" onClick={() => setClosing(true)}>
            {ACCOUNT_TEXT.closeButton}
          </button>
        </div>
      </div>
      <CloseAccountDialog uid={uid} open={closing} onCancel={() => setClosing(false)} onClosed={onClosed} />
    </section>
  );
}
