import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Tabs } from '../components/Tabs';
import { useAccount } from '../features/auth/useAccount';
import { HistoryTab } from '../features/history/HistoryTab';
import { AdminSection } from './AdminSection';
import { TABS, type TabKey } from './messages';
import { PredictionsSection } from './PredictionsSection';
import { useRememberedSymbol } from './useRememberedSymbol';
import { WalletSection } from './WalletSection';

interface Props {
  user: User;
  isAdmin: boolean;
  initialTab: TabKey;
}

/** The signed-in app: four tabs switched in-page (no route change); Admin only for admins. */
export default function MainApp({ user, isAdmin, initialTab }: Props) {
  // A tab picked in the page holds until the next navigation: a link to /wallet or /history (the inbox's) opens
  // that tab, even when the app is showing another. An admin's page opened by someone else (a link shared, a claim
  // removed) opens on Predictions instead.
  const { key: navigation } = useLocation();
  const opening = initialTab === 'admin' && !isAdmin ? 'predictions' : initialTab;
  const [picked, setPicked] = useState<{ tab: TabKey; navigation: string }>({ tab: opening, navigation });
  const tab = picked.navigation === navigation ? picked.tab : opening;
  const setTab = (next: TabKey) => setPicked({ tab: next, navigation });
  // `/history?prediction={id}`: the inbox's link to a prediction.
  const highlightedPrediction = useSearchParams()[0].get('prediction') ?? undefined;
  // Kept here, not in the search box: the predictions panel forecasts the same stock.
  const [selectedSymbol, setSelectedSymbol] = useRememberedSymbol(user.uid);
  // Creates the user record and wallet on first sign-in (POST /api/me), whichever tab opens first.
  useAccount(user.uid);
  const tabs = TABS.filter((t) => t.key !== 'admin' || isAdmin);
  const heading = tabs.find((t) => t.key === tab)?.label;

  return (
    <div className="main-app">
      {/* The page's one top heading, for navigation by headings; the tabs already show it to sighted users. */}
      <h1 className="visually-hidden">{heading}</h1>
      <Tabs label="StockSeer sections" tabs={tabs} active={tab} onChange={setTab} className="app-tabs">
        {/* A tab that fails to render shows its fallback under the tab bar; another tab, or Try again, renders anew. */}
        <ErrorBoundary resetKeys={[tab]}>
          {tab === 'predictions' ? (
            <PredictionsSection
              uid={user.uid}
              isAdmin={isAdmin}
              selectedSymbol={selectedSymbol}
              onSelect={setSelectedSymbol}
            />
          ) : tab === 'wallet' ? (
            <WalletSection user={user} isAdmin={isAdmin} />
          ) : tab === 'history' ? (
            <HistoryTab uid={user.uid} highlightedId={highlightedPrediction} />
          ) : isAdmin ? (
            <AdminSection />
          ) : null}
        </ErrorBoundary>
      </Tabs>
    </div>
  );
}
