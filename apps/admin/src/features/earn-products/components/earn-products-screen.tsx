import type { AdminWealthProduct } from '@app/contract/wealth';
import { Button, Flex, Progress, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { LocalizedNameCell } from '../../../components/localized-name-fields';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { useUrlState } from '../../../lib/list-params';
import { formatMoney, toMinor } from '../../../lib/money';
import { earnProductsQueryOptions } from '../api/get-earn-products';
import { EarnOrdersTable } from './earn-orders-table';
import { EarnProductFormDrawer } from './earn-product-form-drawer';

const S = STRINGS.earnProducts;

/** Locked-deposit products with their quota, and (read-only) every order sold; the tab lives in the URL. */
export function EarnProductsScreen({ canManage }: { canManage: boolean }) {
  const { searchParams, update } = useUrlState();
  const tab = searchParams.get('tab') === 'orders' ? 'orders' : 'products';
  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'orders' ? 'orders' : undefined, page: undefined })}
        items={[
          { key: 'products', label: S.tabs.products, children: <ProductsTab canManage={canManage} /> },
          { key: 'orders', label: S.tabs.orders, children: <EarnOrdersTable /> },
        ]}
      />
    </>
  );
}

function ProductsTab({ canManage }: { canManage: boolean }) {
  const list = useList({ all: earnProductsQueryOptions() });
  // null: the drawer is closed; 'new': creating; a product: editing it.
  const [editing, setEditing] = useState<AdminWealthProduct | 'new' | null>(null);
  return (
    <>
      {canManage && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {S.create}
          </Button>
        </Flex>
      )}
      <ListTable<AdminWealthProduct> list={list} columns={buildColumns(canManage ? setEditing : null)} />
      {editing && (
        <EarnProductFormDrawer
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function soldPercent(product: AdminWealthProduct): number {
  const total = toMinor(product.quotaTotal) ?? 0n;
  const sold = toMinor(product.soldAmount) ?? 0n;
  return total === 0n ? 0 : Number((sold * 1000n) / total) / 10;
}

function buildColumns(edit: ((product: AdminWealthProduct) => void) | null): TableColumnsType<AdminWealthProduct> {
  const C = S.columns;
  const columns: TableColumnsType<AdminWealthProduct> = [
    { title: C.sort, dataIndex: 'sort', align: 'right', width: 70 },
    { title: C.name, key: 'name', render: (_, product) => <LocalizedNameCell names={product.nameI18n} strong /> },
    { title: C.cycleDays, dataIndex: 'cycleDays', render: S.days },
    { title: C.dailyRate, dataIndex: 'dailyRate', align: 'right' },
    { title: C.minAmount, dataIndex: 'minAmount', align: 'right', render: (v: string) => formatMoney(v) },
    { title: C.maxPerUser, dataIndex: 'maxPerUser', align: 'right', render: (v: string) => formatMoney(v) },
    {
      title: C.quota,
      key: 'quota',
      render: (_, p) => (
        <Flex vertical gap={2} style={{ minWidth: 200 }}>
          <Typography.Text>{`${formatMoney(p.soldAmount)} / ${formatMoney(p.quotaTotal)}`}</Typography.Text>
          <Progress percent={soldPercent(p)} size="small" showInfo={false} />
        </Flex>
      ),
    },
    { title: C.remaining, dataIndex: 'quotaRemaining', align: 'right', render: (v: string) => formatMoney(v) },
    { title: C.earningOrders, dataIndex: 'earningOrders', align: 'right' },
    {
      title: C.enabled,
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'}>{enabled ? STRINGS.common.enabled : STRINGS.common.disabled}</Tag>
      ),
    },
  ];
  if (!edit) return columns;
  return [
    ...columns,
    {
      title: STRINGS.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, product) => (
        <Button size="small" aria-label={`${STRINGS.common.edit} ${product.name}`} onClick={() => edit(product)}>
          {STRINGS.common.edit}
        </Button>
      ),
    },
  ];
}
