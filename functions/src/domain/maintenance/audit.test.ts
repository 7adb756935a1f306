import { describe, expect, it } from 'vitest';
import type { Transaction } from '@stockseer/contract';
import { newWallet } from '../ledger';
import { settlementViolations, type SettledItem } from './audit';

const wallet = { ...newWallet('ada', new Date('2025-06-02T21:00:00Z')), balance: 900, reservedBalance: 100 };
const tx = (id: string, type: Transaction['type'], walletId = 'ada'): Transaction => ({
  id,
  walletId,
  type,
  amount: type === 'free_prediction' ? 0 : 100,
  ticker: 'KO',
  description: '',
  date: '2025-06-02T21:00:00.000Z',
  createdAt: '2025-06-02T21:00:00.000Z',
});
const item = (
  id: string,
  status: 'active' | 'hit' | 'missed' | 'cancelled',
  settlement?: Transaction['type'],
  isFree = false,
): SettledItem => ({
  prediction: { id, status, isFree },
  reservation: tx(`reserve:${id}`, isFree ? 'free_prediction' : 'reservation'),
  settlement: settlement && tx(`settle:${id}`, settlement),
});

describe('settlementViolations', () => {
  it('accepts a hit charged, a miss released, one cancelled by its account closing given back, an active one reserved and a free one untouched', () => {
    const items = [
      item('h', 'hit', 'payment'),
      item('m', 'missed', 'refund'),
      item('c', 'cancelled', 'cancellation'),
      item('a', 'active'),
      item('f', 'hit', undefined, true),
    ];
    expect(settlementViolations(wallet, items)).toEqual([]);
  });

  it('names each broken fact', () => {
    expect(settlementViolations(wallet, [item('h', 'hit', 'refund')])).toEqual([
      'hit prediction h should have a $1 payment, has refund',
    ]);
    expect(settlementViolations(wallet, [item('m', 'missed')])).toEqual([
      'missed prediction m should have a $1 refund, has none',
    ]);
    expect(settlementViolations(wallet, [item('c', 'cancelled', 'refund')])).toEqual([
      'cancelled prediction c should have a $1 cancellation, has refund',
    ]);
    expect(settlementViolations(wallet, [item('a', 'active', 'payment')])).toEqual([
      'active prediction a is settled (payment)',
    ]);
    expect(settlementViolations(wallet, [item('f', 'missed', 'refund', true)])).toEqual([
      'free prediction f was settled (refund)',
    ]);
    expect(settlementViolations({ ...wallet, reservedBalance: 0 }, [item('a', 'active')])).toEqual([
      'ada reserves 0 cents for 1 open predictions',
    ]);
    const foreign = { ...item('h', 'hit', 'payment'), settlement: tx('settle:h', 'payment', 'bob') };
    expect(settlementViolations(wallet, [foreign])).toEqual(['settle:h belongs to bob, not ada']);
    expect(settlementViolations(wallet, [{ ...item('n', 'active'), reservation: undefined }])).toEqual([
      'paid prediction n has no $1 reservation',
    ]);
  });
});
