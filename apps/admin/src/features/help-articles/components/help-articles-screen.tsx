import { type AdminHelpArticle, HELP_CATEGORIES } from '@app/contract/content';
import { App, Button, Flex, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { languagesLabel } from '../../../components/localized-text-tabs';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useHelpArticles } from '../api/get-help-articles';
import { useUpdateHelpArticle } from '../api/update-help-article';
import { HelpArticleEditorDrawer } from './help-article-editor-drawer';

const S = STRINGS.helpArticles;

/** The help centre's articles in the order users see them: by category, then by order. */
export function HelpArticlesScreen() {
  const query = useHelpArticles();
  const [editing, setEditing] = useState<AdminHelpArticle | 'new' | null>(null);
  const rank = (article: AdminHelpArticle) => HELP_CATEGORIES.indexOf(article.category);
  const articles = [...(query.data ?? [])].sort((a, b) => rank(a) - rank(b) || a.sort - b.sort);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3}>{S.title}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {S.add}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AdminHelpArticle>
        rowKey="id"
        size="middle"
        columns={buildColumns(setEditing)}
        dataSource={articles}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
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
  const { message } = App.useApp();
  const update = useUpdateHelpArticle();
  return (
    <Switch
      aria-label={`${S.columns.published}: ${article.slug}`}
      checked={article.published}
      loading={update.isPending}
      onChange={(published) =>
        update.mutate(
          { id: article.id, changes: { published } },
          { onSuccess: () => message.success(S.updated), onError: (error) => message.error(error.message) },
        )
      }
    />
  );
}
