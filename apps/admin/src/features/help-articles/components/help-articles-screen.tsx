import { type AdminHelpArticle, HELP_CATEGORIES } from '@app/contract/content';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { languagesLabel } from '../../../components/localized-text-tabs';
import { SavingSwitch } from '../../../components/saving-switch';
import { AddButton, ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { helpArticlesQueryOptions } from '../api/get-help-articles';
import { useUpdateHelpArticle } from '../api/update-help-article';
import { HelpArticleEditorDrawer } from './help-article-editor-drawer';

const S = STRINGS.helpArticles;
const rank = (article: AdminHelpArticle) => HELP_CATEGORIES.indexOf(article.category);

/** The help centre's articles in the order users see them: by category, then by order. */
export function HelpArticlesScreen() {
  const list = useList({ all: helpArticlesQueryOptions(), order: (a, b) => rank(a) - rank(b) || a.sort - b.sort });
  const [editing, setEditing] = useState<AdminHelpArticle | 'new' | null>(null);

  return (
    <>
      <ScreenTitle
        title={S.title}
        hint={S.hint}
        action={<AddButton text={S.add} onClick={() => setEditing('new')} />}
      />
      <ListTable<AdminHelpArticle> list={list} columns={buildColumns(setEditing)} />
      {editing && (
        <HelpArticleEditorDrawer article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

function buildColumns(edit: (article: AdminHelpArticle) => void): TableColumnsType<AdminHelpArticle> {
  return [
    { title: S.columns.category, key: 'category', render: (_, article) => S.categories[article.category] },
    { title: S.columns.sort, dataIndex: 'sort', align: 'right', width: 80 },
    { title: S.columns.slug, dataIndex: 'slug' },
    {
      title: S.columns.title,
      key: 'title',
      render: (_, article) => article.title.en || article.title.zn || article.title.vn,
    },
    {
      title: S.columns.languages,
      key: 'languages',
      render: (_, article) => languagesLabel(article.title, article.body),
    },
    { title: S.columns.published, key: 'published', render: (_, article) => <PublishedSwitch article={article} /> },
    { title: S.columns.updatedAt, key: 'updatedAt', render: (_, article) => formatDateTime(article.updatedAt) },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      render: (_, article) => (
        <Button size="small" onClick={() => edit(article)} aria-label={`${STRINGS.common.edit}: ${article.slug}`}>
          {STRINGS.common.edit}
        </Button>
      ),
    },
  ];
}

function PublishedSwitch({ article }: { article: AdminHelpArticle }) {
  return (
    <SavingSwitch
      label={`${S.columns.published}: ${article.slug}`}
      checked={article.published}
      update={useUpdateHelpArticle()}
      changes={(published) => ({ id: article.id, changes: { published } })}
      savedText={S.updated}
    />
  );
}
