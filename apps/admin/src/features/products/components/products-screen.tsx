import type { AdminProduct } from '@app/contract/admin-markets';
import { Button, Flex, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { LocalizedNameCell } from '../../../components/localized-name-fields';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatPeriod } from '../../../lib/format';
import { productsQueryOptions } from '../api/get-products';
import { ProductFormDrawer } from './product-form-drawer';
import { SourceTag } from './source-tag';

const S = STRINGS.products;

/** Every product, disabled ones too, with its trading rules; prices are shown, never edited. */
export function ProductsScreen() {
  const list = useList({ all: productsQueryOptions() });
  const [editing, setEditing] = useState<AdminProduct | null>(null);

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      <ListTable<AdminProduct> list={list} rowKey="symbol" columns={buildColumns(setEditing)} />
      {editing && <ProductFormDrawer key={editing.symbol} product={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function buildColumns(edit: (product: AdminProduct) => void): TableColumnsType<AdminProduct> {
  const C = S.columns;
  return [
    { title: C.sort, dataIndex: 'sort', align: 'right', width: 70 },
    {
      title: C.symbol,
      dataIndex: 'symbol',
      render: (symbol: string) => <Typography.Text strong>{symbol}</Typography.Text>,
    },
    { title: C.name, key: 'name', render: (_, product) => <LocalizedNameCell names={product.nameI18n} /> },
    { title: C.category, dataIndex: 'category', render: (c: string) => S.categories[c] ?? c },
    { title: C.last, dataIndex: 'last', align: 'right', render: (last: string | null) => last ?? STRINGS.common.none },
    { title: C.source, dataIndex: 'source', render: (source: string) => <SourceTag source={source} /> },
    {
      title: C.periods,
      key: 'periods',
      render: (_, product) => (
        <Space size={[4, 4]} wrap>
          {product.periods.map((p) => (
            <Tag key={p.seconds}>{`${formatPeriod(p.seconds)} · ${p.payoutRate}`}</Tag>
          ))}
        </Space>
      ),
    },
    { title: C.feeRate, dataIndex: 'feeRate', align: 'right' },
    {
      title: C.enabled,
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'}>{enabled ? STRINGS.common.enabled : STRINGS.common.disabled}</Tag>
      ),
    },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, product) => (
        <Flex>
          <Button size="small" aria-label={`${STRINGS.common.edit} ${product.symbol}`} onClick={() => edit(product)}>
            {STRINGS.common.edit}
          </Button>
        </Flex>
      ),
    },
  ];
}
