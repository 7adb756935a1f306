import { useToast } from '../../components/toast/ToastProvider';
import { INSTALL_TEXT } from './messages';
import { useInstallPrompt } from './useInstallPrompt';

function browserHint(userAgent: string): string {
  if (/firefox|fxios/i.test(userAgent)) return INSTALL_TEXT.firefoxHint;
  if (/safari/i.test(userAgent) && !/chrome|chromium|crios|edg/i.test(userAgent)) return INSTALL_TEXT.safariHint;
  return INSTALL_TEXT.laterHint;
}

export function InstallButton() {
  const { installed, canPrompt, prompt } = useInstallPrompt();
  const { toast } = useToast();

  const onClick = async () => {
    if (installed) {
      toast({ title: INSTALL_TEXT.alreadyInstalled });
      return;
    }
    if (!canPrompt) {
      toast({ title: INSTALL_TEXT.button, description: browserHint(navigator.userAgent) });
      return;
    }
    try {
      toast({ title: INSTALL_TEXT.installing });
      const outcome = await prompt();
      toast({ title: outcome === 'accepted' ? INSTALL_TEXT.installedToast : INSTALL_TEXT.cancelled });
    } catch {
      toast({ title: INSTALL_TEXT.errorTitle, description: INSTALL_TEXT.errorDescription, variant: 'destructive' });
    }
  };

  return (
    <button type="button" className="button button-outline" onClick={() => void onClick()}>
      {installed ? INSTALL_TEXT.installed : INSTALL_TEXT.button}
    </button>
  );
}
