import { ERRORS } from '@app/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { confirmAction } from '../../../lib/dialog';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';

/**
 * What a refused order/create tells the user, the same on the chart's panel and on /trade: an amount
 * out of range marks the field, a short balance offers a deposit, a period no longer offered reloads
 * the product; anything else is the server's own words (the envelope's message, in the user's language).
 */
export function useExplainOrderFailure(symbol: string, checkAmount: () => Promise<unknown>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (error: unknown) => {
    if (!isApiError(error)) return showError(error);
    if (error.code === ERRORS.order_stake_out_of_range.code || error.code === ERRORS.amount_invalid.code) {
      void checkAmount();
      return showError(new Error(t('trade.incorrectAmount')));
    }
    if (error.code === ERRORS.insufficient_balance.code) {
      const wantsDeposit = await confirmAction({
        content: t('trade.insufficient'),
        confirmText: t('trade.deposit'),
        cancelText: t('common.cancel'),
      });
      if (wantsDeposit) navigate('/recharge');
      return;
    }
    if (error.code === ERRORS.order_period_unavailable.code) {
      void queryClient.invalidateQueries({ queryKey: ['markets', 'quote', symbol] });
    }
    showError(error);
  };
}
