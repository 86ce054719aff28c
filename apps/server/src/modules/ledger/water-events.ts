import type { JournalKind, UserAccountKind, WaterState } from '@app/contract/ledger';

/**
 * Fund details show events, not ledger legs (DESIGN.md 7). One journal is one event: the user's
 * legs in it are folded into its effect on the available balance, and its state is read from the
 * journals that later cite the same reference (a withdrawal request followed by its payout is
 * `paid`). SQL reads the legs; this file decides what they mean.
 */

export interface UserLeg {
  account: UserAccountKind;
  /** Minor units, signed. */
  amount: bigint;
}

export interface EventFacts {
  kind: JournalKind;
  /** The user's own postings in the journal (platform legs are not the user's). */
  legs: readonly UserLeg[];
  /** Kinds of the later journals with the same reference, e.g. `withdrawal_payout`. */
  followedBy: readonly JournalKind[];
}

export interface EventMeaning {
  /** Signed effect on the available balance. */
  availableChange: bigint;
  /** The size of the event, unsigned. */
  grossAmount: bigint;
  /** The fee of an order placed (what left the user's accounts altogether); null otherwise. */
  fee: bigint | null;
  state: WaterState;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

export function describeEvent(facts: EventFacts): EventMeaning {
  const legOf = (account: UserAccountKind) => facts.legs.find((leg) => leg.account === account)?.amount ?? 0n;
  const availableChange = legOf('available');
  const grossAmount = facts.legs.reduce((max, leg) => (abs(leg.amount) > max ? abs(leg.amount) : max), 0n);
  const userNet = facts.legs.reduce((sum, leg) => sum + leg.amount, 0n);
  return {
    availableChange,
    grossAmount,
    fee: facts.kind === 'order_stake' ? -userNet : null,
    state: stateOf(facts, availableChange, -legOf('trading')),
  };
}

function stateOf(facts: EventFacts, availableChange: bigint, stake: bigint): WaterState {
  const later = new Set(facts.followedBy);
  switch (facts.kind) {
    case 'withdrawal_request':
      if (later.has('withdrawal_payout')) return 'paid';
      if (later.has('withdrawal_return')) return 'rejected';
      return 'processing';
    case 'withdrawal_payout':
      return 'paid';
    case 'order_stake':
      if (later.has('order_void')) return 'void';
      return later.has('order_settlement') ? 'settled' : 'open';
    case 'order_settlement':
      // The stake left `trading`; what came back to `available` is the payout.
      if (availableChange > stake) return 'won';
      return availableChange === stake ? 'tie' : 'lost';
    case 'order_void':
      return 'void';
    case 'wealth_purchase':
      return later.has('wealth_maturity') ? 'complete' : 'earning';
    default:
      return 'completed';
  }
}
