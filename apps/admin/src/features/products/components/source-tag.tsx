import { Tag } from 'antd';
import { STRINGS } from '../../../config/strings';

/** Where a product's prices come from; the built-in feed is labelled as simulated. */
export function SourceTag({ source }: { source: string }) {
  return <Tag color={source === 'simulated' ? 'orange' : 'blue'}>{STRINGS.products.sources[source] ?? source}</Tag>;
}
