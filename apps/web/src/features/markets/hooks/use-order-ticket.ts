import { formatAmount } from '@app/contract/amount';
import type { Order, OrderDirection, TradingPeriod } from '@app/contract/markets';
import { useBalances } from '../../../lib/api/get-balances';
import { useAmountForm } from '../../../lib/form/amount-form';
import { useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { toMinor } from '../../../lib/money';
import { accountField, usePracticeBalance, useTradingAccount } from '../../../lib/trading-account';
import { useCreateOrder } from '../api/create-order';
import { blockReason } from '../components/order-block-reason';
import { usePeriodChoice } from '../components/period-picker';
import { quoteOrder } from '../components/trade-math';
import { useExplainOrderFailure } from './use-explain-order-failure';

interface OrderTicketOptions {
  symbol: string;
  periods: TradingPeriod[];
  feeRate: string;
  /** The amount field starts at the period's smallest stake (the chart's one-tap panel) or empty (/trade). */
  startsAtMinStake: boolean;
}

/**
 * One order ticket, as /trade and the chart's panel both fill it: the account chosen at the top (real
 * or practice) and its balance, the period, the amount and its checks, the fee and payout, why the
 * order cannot go yet, and `place`, which sends it once under one idempotency key per request.
 */
export function useOrderTicket({ symbol, periods, feeRate, startsAtMinStake }: OrderTicketOptions) {
  const { t } = useTranslation();
  const account = useTradingAccount();
  const balances = useBalances(account === 'real');
  const practiceBalance = usePracticeBalance(account === 'practice');
  const createOrder = useCreateOrder();
  const idempotency = useIdempotencyKey();
  const [period, setPeriodSeconds] = usePeriodChoice(periods);
  // Outside the period's min and max: 'Incorrect Amount', as the user goes once the field was left.
  const incorrect = t('trade.incorrectAmount');
  const amount = useAmountForm(
    {
      required: null,
      invalid: incorrect,
      min: period.minStake,
      belowMin: incorrect,
      max: period.maxStake,
      aboveMax: incorrect,
    },
    {
      isLive: true,
      accept: (typed) => typed.replace(/[^\d.,\s]/g, ''),
      ...(startsAtMinStake ? { initial: period.minStake } : {}),
    },
  );
  const summary = quoteOrder(amount.plain ?? '', feeRate, period.payoutRate);
  const available = (account === 'practice' ? practiceBalance.data?.available : balances.data?.available) ?? null;
  const availableMinor = available === null ? null : toMinor(available);
  const totalMinor = summary ? toMinor(summary.total) : null;
  const isShort = availableMinor !== null && totalMinor !== null && totalMinor > availableMinor;
  const blocked = blockReason(amount.value, period, isShort);
  const explainFailure = useExplainOrderFailure(symbol, amount.check);

  /** Sends the order: the server's order once accepted, null when refused (the refusal already explained). */
  const place = async (direction: OrderDirection): Promise<Order | null> => {
    const minor = amount.plain === null ? null : toMinor(amount.plain);
    if (minor === null) return null;
    const request = {
      symbol,
      direction,
      amount: formatAmount(minor),
      period: period.seconds,
      ...accountField(account),
    };
    const idempotencyKey = idempotency.keyFor(JSON.stringify(request));
    try {
      const order = await createOrder.mutateAsync({ request, idempotencyKey });
      idempotency.release();
      return order;
    } catch (error) {
      idempotency.settle(error);
      await explainFailure(error);
      return null;
    }
  };

  return {
    period,
    setPeriodSeconds,
    amount,
    summary,
    /** The chosen account's available balance, null until known. */
    available,
    blocked,
    isPending: createOrder.isPending,
    place,
  };
}
