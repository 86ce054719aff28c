import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useToggleFavourite } from '../lib/api/watchlist';
import { useTranslation } from '../lib/i18n';
import './favourite-star.css';

/** The star that keeps a product in the user's favourites (issue 15); shown to signed-in users. */
export function FavouriteStar({ symbol, isFavourite }: { symbol: string; isFavourite: boolean }) {
  const { t } = useTranslation();
  const toggle = useToggleFavourite();
  return (
    <button
      type="button"
      className="favourite-star"
      aria-pressed={isFavourite}
      aria-label={t(isFavourite ? 'watchlist.remove' : 'watchlist.add', { symbol })}
      onClick={() => toggle.mutate({ symbol, isFavourite: !isFavourite })}
    >
      {isFavourite ? <StarFill aria-hidden="true" /> : <StarOutline aria-hidden="true" />}
    </button>
  );
}
