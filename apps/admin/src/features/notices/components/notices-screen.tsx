import type { AdminNotice } from '@app/contract/content';
import { LANGS } from '@app/contract/lang';
import { App, Button, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { languagesLabel } from '../../../components/localized-text-tabs';
import { SavingSwitch } from '../../../components/saving-switch';
import { AddButton, ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { useDeleteNotice } from '../api/delete-notice';
import { type NoticeListParams, noticesQueryOptions } from '../api/get-notices';
import { useUpdateNotice } from '../api/update-notice';
import { NoticeEditorDrawer } from './notice-editor-drawer';

const S = STRINGS.notices;

/** The first written title, to name a notice in the list. */
const titleOf = (notice: AdminNotice) => LANGS.map((lang) => notice.title[lang]).find(Boolean) ?? '';

function readFilters(searchParams: URLSearchParams): Pick<NoticeListParams, 'published'> {
  const published = searchParams.get('published');
  return { published: published === 'true' || published === 'false' ? published : undefined };
}

/** Announcements: write them in three languages, publish, pin, delete. */
export function NoticesScreen() {
  const list = useList({ filters: readFilters, page: noticesQueryOptions });
  const { params, filter } = list;
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminNotice | null>(null);
  const remove = useDeleteNotice();
  const { message } = App.useApp();

  return (
    <>
      <ScreenTitle
        title={S.title}
        hint={S.hint}
        action={<AddButton text={S.add} onClick={() => setEditing('new')} />}
      />
      <ListToolbar list={list}>
        <Select
          aria-label={S.filter.label}
          value={params.published ?? ''}
          onChange={(value) => filter({ published: value })}
          style={{ width: 180 }}
          options={[
            { value: '', label: `${S.filter.label}: ${S.filter.all}` },
            { value: 'true', label: S.filter.published },
            { value: 'false', label: S.filter.drafts },
          ]}
        />
      </ListToolbar>
      <ListTable<AdminNotice> list={list} columns={buildColumns(setEditing, setDeleting)} />
      {editing && <NoticeEditorDrawer notice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        open={deleting !== null}
        title={S.deleteTitle}
        okText={S.delete}
        isDanger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          message.success(S.deleted);
          setDeleting(null);
        }}
      >
        {deleting && S.deleteText(titleOf(deleting))}
      </ConfirmModal>
    </>
  );
}

function buildColumns(
  edit: (notice: AdminNotice) => void,
  askDelete: (notice: AdminNotice) => void,
): TableColumnsType<AdminNotice> {
  return [
    { title: S.columns.title, key: 'title', render: (_, notice) => titleOf(notice) },
    {
      title: S.columns.languages,
      key: 'languages',
      render: (_, notice) => languagesLabel(notice.title, notice.body),
    },
    {
      title: S.columns.published,
      key: 'published',
      render: (_, notice) => <FlagSwitch notice={notice} flag="published" />,
    },
    { title: S.columns.pinned, key: 'pinned', render: (_, notice) => <FlagSwitch notice={notice} flag="pinned" /> },
    { title: S.columns.publishedAt, key: 'publishedAt', render: (_, notice) => formatDateTime(notice.publishedAt) },
    { title: S.columns.updatedAt, key: 'updatedAt', render: (_, notice) => formatDateTime(notice.updatedAt) },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      render: (_, notice) => (
        <Space>
          <Button size="small" onClick={() => edit(notice)} aria-label={`${STRINGS.common.edit}: ${titleOf(notice)}`}>
            {STRINGS.common.edit}
          </Button>
          <Button size="small" danger onClick={() => askDelete(notice)} aria-label={`${S.delete}: ${titleOf(notice)}`}>
            {S.delete}
          </Button>
        </Space>
      ),
    },
  ];
}

/** Publish or pin straight from the list; each flip is its own audited change. */
function FlagSwitch({ notice, flag }: { notice: AdminNotice; flag: 'published' | 'pinned' }) {
  return (
    <SavingSwitch
      label={`${S.columns[flag]}: ${titleOf(notice)}`}
      checked={notice[flag]}
      update={useUpdateNotice()}
      changes={(value) => ({ id: notice.id, changes: { [flag]: value } })}
      savedText={S.updated}
    />
  );
}
