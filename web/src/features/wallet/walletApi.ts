import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  AddStripeFundsResponse,
  CreatePaymentIntentResponse,
  TransactionsResponse,
  WalletResponse,
  type Wallet,
} from '@stockseer/contract';
import { api } from '../../lib/api';

/** The transaction list stays fresh for 30 s (docs/product.md#client-behaviour). */
const TRANSACTIONS_STALE_MS = 30_000;

// Keyed by user too, so that after a switch of account no one sees the previous account's money.
const walletKey = (uid: string) => ['/api/wallet', uid] as const;
const transactionsKey = (uid: string) => ['/api/wallet/transactions', uid] as const;

export function useWallet(uid: string) {
  return useSWR(walletKey(uid), ([path]) => api(path, WalletResponse));
}

export function useTransactions(uid: string, onError: () => void) {
  return useSWR(transactionsKey(uid), ([path]) => api(path, TransactionsResponse), {
    dedupingInterval: TRANSACTIONS_STALE_MS,
    onError,
  });
}

/** After money moved: show the wallet the server returned at once (if any), and fetch wallet and history again. */
export function useRefreshWallet(uid: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (wallet?: Wallet) => {
      await Promise.all([
        wallet ? mutate(walletKey(uid), wallet, { revalidate: false }) : mutate(walletKey(uid)),
        mutate(transactionsKey(uid)),
      ]);
    },
    [mutate, uid],
  );
}

/** One key per payment step: a double submit or a retry gets the same PaymentIntent back. */
export const createPaymentIntent = (dollars: number, idempotencyKey: string) =>
  api('/api/payments/create-intent', CreatePaymentIntentResponse, { body: { amount: dollars }, idempotencyKey });

/** Asks the server to credit the paid intent; it reads the amount from Stripe, never from us. */
export const addStripeFunds = (paymentIntentId: string) =>
  api('/api/wallet/add-stripe-funds', AddStripeFundsResponse, { body: { paymentIntentId } });
