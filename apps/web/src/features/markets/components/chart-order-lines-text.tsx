import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { useResultText } from '../hooks/use-chart-orders';
import type { ChartOrderLine } from './order-line-model';

interface ChartOrderLinesTextProps {
  /** The chart's canvas points at it (`aria-describedby`): it is what the picture shows of the orders. */
  id: string;
  /** The lines drawn on the canvas now. */
  lines: readonly ChartOrderLine[];
}

/**
 * The order lines drawn on the chart, in words, for screen readers (the canvas is a picture): each
 * open order's direction, amount, entry and whether it is winning now, each settled one's result.
 * A polite live region telling additions only: a new line (an entry recorded) and a result are
 * read out; the winning state that follows every tick is not, but is there to read. No countdown:
 * it would change the text every second.
 */
export function ChartOrderLinesText({ id, lines }: ChartOrderLinesTextProps) {
  const { t } = useTranslation();
  const resultOf = useResultText();
  return (
    <div id={id} className="sr-only" aria-live="polite" aria-relevant="additions">
      {/* Its heading as text, not a label: a label would stand for the list in the canvas's description. */}
      {lines.length > 0 && <p>{t('chartTrade.lines.label')}</p>}
      {lines.length > 0 && (
        <ul>
          {lines.map((line) => {
            const values = {
              direction: t(line.direction === 'up' ? 'chartTrade.rise' : 'chartTrade.fall'),
              amount: displayMoney(line.amount),
              price: groupDigits(line.entryPrice),
            };
            if (line.settled) {
              return (
                // Its own key: the settled item is new to the live region, which then reads the result.
                <li key={`${line.id}:settled`} data-testid="chart-order-result" data-status={line.settled.status}>
                  {t('chartTrade.lines.settled', { ...values, result: resultOf(line.settled) })}
                </li>
              );
            }
            return (
              <li
                key={`${line.id}:open`}
                data-testid="chart-order-line"
                data-direction={line.direction}
                data-would-win={line.wouldWin ?? undefined}
              >
                {line.wouldWin
                  ? t('chartTrade.lines.open', { ...values, outcome: t(`orders.wouldWin.${line.wouldWin}`) })
                  : t('chartTrade.lines.entry', values)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
