import {
  type AdminHelpArticle,
  type CreateHelpArticleRequest,
  HELP_CATEGORIES,
  HELP_PLACEHOLDERS,
  NOTICE_BODY_LENGTH_MAX,
  NOTICE_TITLE_LENGTH_MAX,
} from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import { Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { FormDrawer } from '../../../components/form-drawer';
import { SortField, SwitchField } from '../../../components/form-fields';
import { LocalizedTextTabs, langOfRefusal } from '../../../components/localized-text-tabs';
import { STRINGS } from '../../../config/strings';
import { useCreateHelpArticle } from '../api/create-help-article';
import { useUpdateHelpArticle } from '../api/update-help-article';

const S = STRINGS.helpArticles;
const FIELDS = ['slug', 'category', 'sort', 'title', 'body', 'published'] as const;
const EMPTY = { en: '', vn: '', zn: '' };
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PLACEHOLDER_LIST = HELP_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

type FormValues = Required<CreateHelpArticleRequest>;

/** Writes a new help article, or edits one, in the three languages side by side. */
export function HelpArticleEditorDrawer({
  article,
  onClose,
}: {
  article: AdminHelpArticle | null;
  onClose: () => void;
}) {
  const [lang, setLang] = useState<Lang>('en');
  const create = useCreateHelpArticle();
  const update = useUpdateHelpArticle();
  const initial: FormValues = article
    ? {
        slug: article.slug,
        category: article.category,
        sort: article.sort,
        title: article.title,
        body: article.body,
        published: article.published,
      }
    : { slug: '', category: 'account', sort: 0, title: EMPTY, body: EMPTY, published: false };

  const send = (values: FormValues) => {
    const input = { ...values, slug: values.slug.trim() };
    return article ? update.mutateAsync({ id: article.id, changes: input }) : create.mutateAsync(input);
  };

  return (
    <FormDrawer<FormValues>
      title={article ? S.editTitle(article.slug) : S.addTitle}
      size="min(760px, 100vw)"
      initialValues={initial}
      fields={FIELDS}
      onSave={send}
      savedText={article ? S.updated : S.created}
      onRefused={(error) => setLang((current) => langOfRefusal(error) ?? current)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="slug"
            label={S.slug}
            rules={[{ required: true, pattern: SLUG_PATTERN, max: 64, message: S.slugRule }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="category" label={S.category}>
            <Select options={HELP_CATEGORIES.map((value) => ({ value, label: S.categories[value] }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <SortField label={S.sort} />
        </Col>
      </Row>
      <LocalizedTextTabs
        titleMax={NOTICE_TITLE_LENGTH_MAX}
        bodyMax={NOTICE_BODY_LENGTH_MAX}
        activeLang={lang}
        onLangChange={setLang}
        bodyExtra={S.placeholders(PLACEHOLDER_LIST)}
      />
      <SwitchField name="published" label={S.published} />
    </FormDrawer>
  );
}
